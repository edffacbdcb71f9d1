import type { EventEnvelope } from '@turnbook/contracts';
import { pendingEvents, type EventBus } from '../src/events';
import { staffUpdated, startWorld, thingModel, uniqueSuffix, waitFor } from './harness';

/**
 * A consumer often writes the very document whose event it handles (a queued text is sent and marked so).
 * On FerretDB an update is read-then-write: an update running beside another loses one of them. So the
 * publisher must be done with the document before the event goes out.
 */
describe('a consumer that writes back to the document of its event', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  let bus: EventBus;
  const handled = new Set<number>();

  beforeAll(async () => {
    world = await startWorld('writes-back');
    bus = await world.newBus({ db: world.db, durableSuffix: uniqueSuffix(), sweepMs: 60_000 });
    await bus.consume('customers-staff-names', async (env: EventEnvelope) => {
      const id = (env.data as { staffId: number }).staffId;
      await thingModel(world.db).updateOne({ _id: id }, { $set: { name: 'handled' } });
      handled.add(id);
    });
  }, 30_000);
  afterAll(async () => world?.stop());

  it('when the consumer writes the document as soon as the event arrives, then its write is kept', async () => {
    const Thing = thingModel(world.db);
    const ids = Array.from({ length: 40 }, (_, i) => 1000 + i);
    for (const id of ids) {
      await Thing.create({ _id: id, name: 'new', ...pendingEvents(staffUpdated(bus, 7, id)) });
      await bus.flush(Thing, id);
    }
    await waitFor(() => ids.every((id) => handled.has(id)));
    const docs = await Thing.find({ _id: { $in: ids } }).lean();
    expect(docs.filter((d) => d.name !== 'handled').map((d) => d._id)).toEqual([]);
    expect(docs.filter((d) => d._hasPending)).toEqual([]);
  });
});
