import { startTestService } from '@turnbook/test-kit';
import { CHANGE_SLOTS } from '../customers/repository';
import { customersService } from '../service';
import { startCustomers, type Harness } from '../test/world';

/**
 * Two instances of the service on one database, as behind the gateway. Whatever is written through one is
 * in the very next answer of the other: no waiting for events (there is no `eventually` below).
 */
describe('customer search across two instances on one database', () => {
  let a: Harness;
  let b: Awaited<ReturnType<typeof startTestService>>;

  beforeAll(async () => {
    a = await startCustomers();
    // Same database, same durable consumers, and it trusts A's test tokens: a second process of one deployment.
    b = await startTestService(customersService, { env: { MONGO_DB: a.db.name, DURABLE_SUFFIX: `-${a.db.name}` }, keys: a.keys.source });
  });
  afterAll(async () => {
    await b?.stop().catch(() => undefined);
    await a?.stop();
  });

  type Api = { http: () => ReturnType<Harness['http']> };
  const ids = async (via: Api, path: string) => {
    const res = await via.http().get(`/api/${path}`).set(a.auth('staff'));
    expect(res.status).toBe(200);
    return (res.body.customers as Array<{ id: number }>).map((c) => c.id);
  };
  const names = async (via: Api, key: string) => {
    const res = await via.http().get(`/api/searchCustomer/${a.S1}/${encodeURIComponent(key)}`).set(a.auth('staff'));
    return (res.body.customers as Array<{ fname: string }>).map((c) => c.fname).sort();
  };

  it('when A creates, edits, merges and deletes, then the next search through B sees each write at once', async () => {
    expect(await names(b, 'rywa')).toEqual([]); // B now holds the store in memory

    const one = await a.create({ fname: 'rywa-one', phone: '5556001000' });
    expect(await names(b, 'rywa')).toEqual(['rywa-one']);
    expect(await ids(b, `searchCustomerById/${a.S1}/${one.id}`)).toEqual([one.id]);
    expect(await ids(b, `getCustomersByStoreId/${a.S1}`)).toContain(one.id);

    const two = await a.create({ fname: 'rywa-two', lname: 'second', email: 'two@x.io' });
    expect(await names(b, 'rywa')).toEqual(['rywa-one', 'rywa-two']);

    expect((await a.http().patch(`/api/customer/${one.id}`).set(a.auth('owner')).send({ fname: 'rywa-renamed' })).status).toBe(200);
    expect(await names(b, 'rywa')).toEqual(['rywa-renamed', 'rywa-two']);
    expect(await names(b, 'rywa-one')).toEqual([]);

    expect((await a.http().post('/api/mergeCustomers').set(a.auth('owner')).send({ source: one.id, dest: two.id })).status).toBe(200);
    expect(await names(b, 'rywa')).toEqual(['rywa-renamed']);
    expect(await ids(b, `searchCustomerById/${a.S1}/${two.id}`)).toEqual([]);
    // The kept customer's filled-in fields are searchable through B too.
    expect(await names(b, 'two@x.io')).toEqual(['rywa-renamed']);

    expect((await a.http().delete(`/api/customer/${one.id}`).set(a.auth('owner'))).status).toBe(200);
    expect(await names(b, 'rywa')).toEqual([]);
    expect(await ids(b, `getCustomersByStoreId/${a.S1}`)).not.toContain(one.id);
  });

  it('when B writes, then the next search through A sees it at once, both ways in turn', async () => {
    expect(await names(a, 'pingpong')).toEqual([]);
    const created = await b.http().post('/api/customer').set(a.auth('owner')).send({ storeId: a.S1, fname: 'pingpong' });
    expect(created.status).toBe(201);
    expect(await names(a, 'pingpong')).toEqual(['pingpong']);
    const rename = async (via: Api, fname: string) => {
      const res = await via.http().patch(`/api/customer/${created.body.customer.id}`).set(a.auth('owner')).send({ fname });
      expect([res.status, res.body.customer?.fname]).toEqual([200, fname]);
    };
    await rename(a, 'pingpong-a');
    expect(await names(b, 'pingpong')).toEqual(['pingpong-a']);
    await rename(b, 'pingpong-b');
    expect(await names(a, 'pingpong')).toEqual(['pingpong-b']);
  });

  it('when A and B write one store at the same moment, then the next search through either sees every write', async () => {
    // Both hold the store in memory first, so they catch up from the change log rather than re-reading the store.
    expect(await names(a, 'sametime')).toEqual([]);
    expect(await names(b, 'sametime')).toEqual([]);
    const made = await Promise.all(
      Array.from({ length: 24 }, async (_x, i) => {
        const via = i % 2 ? b : a;
        const res = await via.http().post('/api/customer').set(a.auth('owner')).send({ storeId: a.S1, fname: `sametime${i}` });
        expect(res.status).toBe(201);
        return `sametime${i}`;
      }),
    );
    made.sort();
    expect(await names(a, 'sametime')).toEqual(made);
    expect(await names(b, 'sametime')).toEqual(made);
    const all = async (via: Api) => (await ids(via, `getCustomersByStoreId/${a.S1}`)).length;
    expect(await all(a)).toBe(await all(b));
  });

  it('when more writes happened than a reader catches up from the change log, then B reads the whole store again and misses none', async () => {
    expect(await names(b, 'bulk')).toEqual([]);
    const made: string[] = [];
    for (let i = 0; i < CHANGE_SLOTS + 2; i++) made.push(String((await a.create({ fname: `bulk${i}` })).fname));
    const res = await b.http().get(`/api/getCustomersByStoreId/${a.S1}`).set(a.auth('staff'));
    const bulk = (res.body.customers as Array<{ fname: string }>).map((c) => c.fname).filter((n) => n.startsWith('bulk'));
    expect(bulk.sort()).toEqual(made.sort());
  }, 120_000);

  it("when the log no longer holds a version's change, then B reads the whole store and still finds it", async () => {
    expect(await names(b, 'lostnote')).toEqual([]);
    const c = await a.create({ fname: 'lostnote' });
    // As if the change had been dropped from the log before B caught up.
    await a.db.collection('customer_changes').deleteMany({ storeId: a.S1, customerId: c.id });
    expect(await names(b, 'lostnote')).toEqual(['lostnote']);
  });

  it("when the store's kiosk creates a walk-in through A, then staff find it through B and a second sign-in with the same phone and name through B gets the same id", async () => {
    const first = await a.http().post('/api/customer').set(a.auth('kiosk')).send({ storeId: a.S1, fname: 'walkin', phone: '5556002000' });
    expect(first.status).toBe(201);
    expect(await names(b, '5556002000')).toEqual(['walkin']);
    const again = await b.http().post('/api/customer').set(a.auth('kiosk')).send({ storeId: a.S1, fname: 'Walkin', phone: '5556002000' });
    expect([again.status, again.body.customer.id]).toEqual([200, first.body.customer.id]);
  });
});
