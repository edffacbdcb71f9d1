import { recorder, staffUpdated, startWorld, waitFor } from './harness';

/** Where a consumer created now starts: replaying the stream is for read models; test instances start at its end. */
describe('a new consumer', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  beforeAll(async () => {
    world = await startWorld('consumer-start');
  }, 30_000);
  afterAll(async () => world?.stop());

  it('when it is created with newConsumersFrom "now", then it skips what the stream held and handles what comes after; as declared ("all") it replays both', async () => {
    const publisher = await world.newBus();
    const earlier = staffUpdated(publisher, 501);
    await publisher.publishDurably(earlier);

    const fromNow = recorder();
    const declared = recorder();
    await (await world.newBus({ newConsumersFrom: 'now' })).consume('customers-staff-names', fromNow.handler);
    await (await world.newBus()).consume('customers-staff-names', declared.handler);
    const later = staffUpdated(publisher, 501);
    await publisher.publishDurably(later);

    await waitFor(() => fromNow.count(later.id) === 1 && declared.count(later.id) === 1);
    expect(declared.count(earlier.id)).toBe(1);
    expect(fromNow.count(earlier.id)).toBe(0);
  }, 30_000);
});
