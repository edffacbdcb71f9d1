import { jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { STREAM_NAME } from '@turnbook/contracts';
import { storedCopies, waitUntilConsumed } from '@turnbook/test-kit/jetstream';
import type { EventBus } from '../src/events';
import { consumingWorld, recorder, staffUpdated, startWorld, waitFor } from './harness';

/**
 * The layers that make a published event take effect once, each tested on its own: JetStream drops a
 * second publish of the same event id within its duplicate window; past the window, the consumer's
 * processed ids skip what it already handled; processed ids are forgotten once the stream cannot hold the
 * event any more.
 */
describe('exactly once, layer by layer', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  let bus: EventBus;
  let rec: ReturnType<typeof recorder>;
  let durable: string;
  let suffix: string;

  beforeAll(async () => {
    ({ world, bus, rec, durable, suffix } = await consumingWorld('exactly-once', 'customers-staff-names', { sweepMs: 60_000 }));
  }, 30_000);
  afterAll(async () => world?.stop());

  it('when the same event is published twice, then the stream holds it once (JetStream msgID)', async () => {
    const env = staffUpdated(bus, 301);
    await bus.publishDurably(env);
    await bus.publishDurably(env);
    expect(await storedCopies(bus.connection, env.subject)).toBe(1);
    await waitUntilConsumed(bus.connection, durable);
    expect(rec.count(env.id)).toBe(1);
  });

  it('when an event is published again after the duplicate window, then the stream holds two copies and the consumer handles it once (processed ids)', async () => {
    const jsm = await jetstreamManager(bus.connection);
    const { config } = await jsm.streams.info(STREAM_NAME);
    await jsm.streams.update(STREAM_NAME, { ...config, duplicate_window: nanos(500) });
    try {
      const env = staffUpdated(bus, 302);
      await bus.publishDurably(env);
      await waitFor(() => rec.count(env.id) === 1);
      // Republish until JetStream has forgotten the id and stores a second copy.
      await waitFor(async () => {
        await bus.publishDurably(env);
        return (await storedCopies(bus.connection, env.subject)) === 2;
      }).catch(async (err) => {
        // say what the server holds, so a failure tells a slow purge from a window set back
        const now = (await jsm.streams.info(STREAM_NAME)).config.duplicate_window;
        throw new Error(`${(err as Error).message}: ${await storedCopies(bus.connection, env.subject)} copies stored, duplicate window ${now / 1e6} ms`);
      });
      await waitUntilConsumed(bus.connection, durable);
      expect(rec.count(env.id)).toBe(1);
    } finally {
      await jsm.streams.update(STREAM_NAME, { ...config });
    }
  });

  it('when a slow handler outlives its acknowledgement wait, then JetStream delivers the event again and it is handled once (processed ids)', async () => {
    const slowDurable = `scheduling-user-updated${suffix}`;
    const slow = recorder();
    await bus.consume('scheduling-user-updated', async (env) => {
      await slow.handler(env);
      // The first delivery takes longer than the consumer's ack wait, so JetStream hands the event out again.
      if (slow.handled.length === 1) await new Promise((r) => setTimeout(r, 2500));
    });
    const jsm = await jetstreamManager(bus.connection);
    await jsm.consumers.update(STREAM_NAME, slowDurable, { ack_wait: nanos(1000) });
    const env = bus.event('user.updated', 'global', {
      userId: 9, fname: 'a', lname: 'b', email: 'a@b.io', phone: '5550000000', color: '#fff', profile_image: null, role: 'staff',
    });
    await bus.publishDurably(env);
    await waitFor(async () => (await jsm.consumers.info(STREAM_NAME, slowDurable)).delivered.consumer_seq >= 2);
    await waitUntilConsumed(bus.connection, slowDurable);
    expect(slow.count(env.id)).toBe(1);
  });

  it('when processed ids are older than the stream keeps events, then pruning forgets them and keeps the recent ones', async () => {
    const env = staffUpdated(bus, 303);
    await bus.publishDurably(env);
    await waitFor(() => rec.count(env.id) === 1);
    await waitUntilConsumed(bus.connection, durable);
    const processed = world.db.collection('processed_events');
    const key = `${durable}:${env.id}`;
    expect(await processed.countDocuments({ _id: key as never })).toBe(1);

    expect(await bus.pruneProcessed(new Date())).toBe(0);
    expect(await processed.countDocuments({ _id: key as never })).toBe(1);

    const total = await processed.countDocuments({});
    const eightDaysLater = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect(await bus.pruneProcessed(eightDaysLater)).toBe(total);
    expect(await processed.countDocuments({})).toBe(0);
  });
});
