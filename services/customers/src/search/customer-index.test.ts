import { eventually, startTestService } from '@turnbook/test-kit';
import { customersService, lastFeatures } from '../service';
import type { Features } from '../features';
import { startCustomers, type Harness } from '../../test/harness';

/** Two instances on one database: writes through one must reach the other's in-process index by event. */
describe('the in-process search index across instances', () => {
  let a: Harness;
  let b: Awaited<ReturnType<typeof startTestService>>;
  let fb: Features;

  beforeAll(async () => {
    a = await startCustomers();
    b = await startTestService(customersService, { env: { MONGO_DB: a.db.name } });
    fb = lastFeatures as Features;
  });
  afterAll(async () => {
    await b?.stop().catch(() => undefined);
    await a?.stop();
  });

  const namesInB = async () => [...(await fb.index.customersOf(a.S1))].map((c) => c.fname).sort();

  it('when instance A creates, edits, merges and deletes, then instance B\'s index follows by events', async () => {
    const one = await a.create({ fname: 'first' });
    expect(await namesInB()).toEqual(['first']); // loaded from the database
    const two = await a.create({ fname: 'second' });
    await eventually(async () => expect(await namesInB()).toEqual(['first', 'second']));
    await a.http().patch(`/api/customer/${one.id}`).set(a.auth('owner')).send({ fname: 'renamed' });
    await eventually(async () => expect(await namesInB()).toEqual(['renamed', 'second']));
    await a.http().post('/api/mergeCustomers').set(a.auth('owner')).send({ source: one.id, dest: two.id });
    await eventually(async () => expect(await namesInB()).toEqual(['renamed']));
    await a.http().delete(`/api/customer/${one.id}`).set(a.auth('owner'));
    await eventually(async () => expect(await namesInB()).toEqual([]));
  });

  it('when NATS is not connected, then the index is not used and searches go to the database', async () => {
    const spy = jest.spyOn(fb.index, 'usable').mockReturnValue(false);
    try {
      await a.create({ fname: 'direct' });
      expect((await fb.search.byKey(a.S1, 'direct')).map((c) => c.fname)).toEqual(['direct']);
    } finally {
      spy.mockRestore();
    }
  });
});
