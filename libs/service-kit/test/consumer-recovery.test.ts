import { mkdirSync, rmSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { STREAM_NAME } from '@turnbook/contracts';
import { waitUntilConsumed } from '@turnbook/test-kit/jetstream';
import type { EventBus } from '../src/events';
import { consumingWorld, recorder, startWorld, waitFor } from './harness';

/** A consumer runs for as long as its service does: a NATS restart or a deleted consumer only pause it. */
describe('a consumer that recovers', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  let bus: EventBus;
  let rec: ReturnType<typeof recorder>;
  let durable: string;

  beforeAll(async () => {
    ({ world, bus, rec, durable } = await consumingWorld('recovery', 'scheduling-user-updated', { sweepMs: 200 }));
    // A NATS killed hard may forget acknowledgements it had not written yet; those events come back after
    // the ack wait, shortened here so the tests see them come back (and not handled again).
    const jsm = await jetstreamManager(bus.connection);
    await jsm.consumers.update(STREAM_NAME, durable, { ack_wait: nanos(1000) });
  }, 30_000);
  afterAll(async () => world?.stop());

  const userUpdated = (userId: number) =>
    bus.event('user.updated', 'global', { userId, fname: 'a', lname: 'b', email: `u${userId}@x.io`, phone: '5550000000', color: '#fff', profile_image: null, role: 'professional' });

  it('when NATS restarts, then events published afterwards are handled within 5 s', async () => {
    const before = userUpdated(1);
    await bus.publishDurably(before);
    await waitFor(() => rec.count(before.id) === 1);
    await waitUntilConsumed(bus.connection, durable);

    await world.nats.kill();
    await world.nats.start();
    const after = userUpdated(2);
    await bus.publishDurably(after); // kept in the outbox until the connection is back
    await waitFor(() => rec.count(after.id) === 1, 5_000);
    await waitUntilConsumed(bus.connection, durable);
    expect(rec.count(before.id)).toBe(1);
  }, 45_000);

  it('when its durable consumer is deleted, then it re-creates it, keeps handling, and the replay does not handle old events again', async () => {
    const old = userUpdated(3);
    await bus.publishDurably(old);
    await waitFor(() => rec.count(old.id) === 1);

    const jsm = await jetstreamManager(bus.connection);
    await jsm.consumers.delete(STREAM_NAME, durable);
    await waitFor(async () => (await jsm.consumers.info(STREAM_NAME, durable).then(() => true, () => false)), 20_000);
    const fresh = userUpdated(4);
    await bus.publishDurably(fresh);
    await waitFor(() => rec.count(fresh.id) === 1, 20_000);
    // Re-created from the stream's start (a read model's consumer), it was handed every old event again.
    await waitUntilConsumed(bus.connection, durable);
    expect((await jsm.consumers.info(STREAM_NAME, durable)).delivered.stream_seq).toBeGreaterThanOrEqual(3);
    expect(rec.count(old.id)).toBe(1);
  }, 45_000);

  it('when NATS comes back without its data, then the stream and the consumer are re-created and events flow again', async () => {
    await world.nats.kill();
    rmSync(world.nats.storeDir, { recursive: true, force: true });
    mkdirSync(world.nats.storeDir);
    await world.nats.start();
    const after = userUpdated(5);
    await bus.publishDurably(after); // the first try finds no stream; the sweeper re-creates it and retries
    await waitFor(() => rec.count(after.id) === 1, 5_000);
    await waitUntilConsumed(bus.connection, durable);
    expect(rec.count(after.id)).toBe(1);
  }, 45_000);
});
