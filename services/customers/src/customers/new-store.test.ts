import { startFakeScheduling, type FakeScheduling } from '@turnbook/test-kit';
import { USERS, startCustomers, type Harness } from '../test/world';

const INTERNAL_TOKEN = 'test-internal-token-0123456789';
let scheduling: FakeScheduling;
let h: Harness;

beforeAll(async () => {
  scheduling = await startFakeScheduling(INTERNAL_TOKEN);
  h = await startCustomers({ SCHEDULING_URL: scheduling.url, INTERNAL_TOKEN });
});
afterAll(async () => {
  await h?.stop();
  await scheduling?.stop();
});

/** A store scheduling has just created: its snapshot is there, its membership event has not reached us. */
const justCreated = (storeId: number) =>
  scheduling.stores.set(storeId, { storeId, version: performance.timeOrigin + performance.now(), ownerId: USERS.owner, permalink: `new-${storeId}`, status: 'ON', members: [] });

describe('a store created a moment ago', () => {
  it("when its owner adds a customer before the store's event has arrived, then it answers 201 from scheduling's snapshot, asked once", async () => {
    const storeId = h.S1 + 10;
    justCreated(storeId);
    expect(await h.memberships.model.exists({ _id: storeId })).toBeNull();
    const res = await h.http().post('/api/customer').set(h.auth('owner')).send({ storeId, fname: 'first', lname: 'customer', phone: '5553330001' });
    expect(res.status).toBe(201);
    expect(res.body.customer).toMatchObject({ storeId, fname: 'first' });
    const list = await h.http().get(`/api/getCustomersByStoreId/${storeId}`).set(h.auth('owner'));
    expect(list.status).toBe(200);
    expect(scheduling.callsFor(storeId)).toBe(1);
  });

  it("when another store's owner lists its customers, then 403 as for any store of someone else's", async () => {
    const storeId = h.S1 + 11;
    justCreated(storeId);
    const res = await h.http().get(`/api/getCustomersByStoreId/${storeId}`).set(h.auth('otherStore'));
    expect(res.status).toBe(403);
    expect(res.body).not.toHaveProperty('customers');
  });

  it('when scheduling does not know the store, then 404 "Store not found"', async () => {
    const res = await h.http().post('/api/customer').set(h.auth('owner')).send({ storeId: h.S1 + 12, fname: 'nobody' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Store not found');
  });

  it('when scheduling is down, then the store is answered as unknown (404), never a 5xx', async () => {
    const storeId = h.S1 + 13;
    justCreated(storeId);
    scheduling.fail(true);
    try {
      const res = await h.http().post('/api/customer').set(h.auth('owner')).send({ storeId, fname: 'later' });
      expect(res.status).toBe(404);
    } finally {
      scheduling.fail(false);
    }
  });
});
