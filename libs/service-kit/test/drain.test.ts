import { storedCopies } from '@turnbook/test-kit/jetstream';
import type { EventBus } from '../src/events';
import { staffUpdated, startWorld } from './harness';

// A rolling deploy stops an instance with SIGTERM (runService): before it disconnects it publishes what
// its outbox still holds, rather than leaving it to another instance's next sweep.

describe('draining an event bus', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  let bus: EventBus;

  beforeAll(async () => {
    world = await startWorld('drain');
    bus = await world.newBus({ sweepMs: 3_600_000 }); // no sweep of its own during the test
  }, 30_000);
  afterAll(async () => world?.stop());

  it('when the bus drains with an event in its outbox, then the event is published once and the outbox is empty', async () => {
    const env = staffUpdated(bus, 301);
    // as a request that died between its write and its publish leaves it
    await world.db.collection('outbox').insertOne({ _id: env.id as never, envelope: env, at: new Date() });
    expect(await storedCopies(bus.connection, env.subject)).toBe(0);

    await bus.drain();

    expect(await storedCopies(bus.connection, env.subject)).toBe(1);
    expect(await world.db.collection('outbox').countDocuments({})).toBe(0);
  });
});
