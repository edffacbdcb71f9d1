import { eventually } from '@turnbook/test-kit';
import { startBilling, type Harness } from '../test/world';

let h: Harness;
beforeAll(async () => {
  h = await startBilling();
  await h.storeUpdated(h.S1, 'Nail Palace');
  await h.storeUpdated(h.S2, 'Other Salon');
});
afterAll(async () => h?.stop());

const packageOf = async (storeId: number, who: Parameters<Harness['auth']>[0] = 'owner') => {
  const res = await h.http().get(`/api/getPackageByStoreId/${storeId}`).set(h.auth(who));
  expect(res.status).toBe(200);
  return res.body;
};

describe('GET getPackageByStoreId: the free tier follows the real staff count by event', () => {
  it('when a store has 3 real staff plus a TBD column and an archived one, then it reads the free plan, expiration active', async () => {
    await h.staffUpdated(h.S1, 20001);
    await h.staffUpdated(h.S1, 20002);
    await h.staffUpdated(h.S1, 20003);
    await h.staffUpdated(h.S1, 20009, { role: 'TBD', nickname: 'Next available' });
    await h.staffUpdated(h.S1, 20008, { archived: true });
    await eventually(async () => expect(await packageOf(h.S1)).toEqual({
      id: null, packageId: null, product: 'Free', price: 0, storeName: 'Nail Palace', expiration: 'active', current_period_start: null, current_period_end: null,
    }));
    await eventually(() => expect(h.eventsOf('billing.package_changed', h.S1).at(-1)?.data).toMatchObject({ expiration: 'active', free: true, storeName: 'Nail Palace' }));
  });

  it('when a 4th real staff member is added, then the store is no longer free: expiration inactive, and billing.package_changed says so', async () => {
    await h.staffUpdated(h.S1, 20004);
    await eventually(async () => expect(await packageOf(h.S1)).toMatchObject({ expiration: 'inactive', product: '', price: 0, id: null }));
    await eventually(() => expect(h.eventsOf('billing.package_changed', h.S1).at(-1)?.data).toMatchObject({ expiration: 'inactive', free: false }));
  });

  it('when the 4th is archived again, then the store is free again', async () => {
    await h.staffUpdated(h.S1, 20004, { archived: true });
    await eventually(async () => expect((await packageOf(h.S1)).expiration).toBe('active'));
    await eventually(() => expect(h.eventsOf('billing.package_changed', h.S1).at(-1)?.data).toMatchObject({ free: true }));
  });

  it('when an older staff event arrives after a newer one, then the newer state stays', async () => {
    const older = h.bus.event('staff.updated', h.S1, {
      storeId: h.S1, staffId: 20004, userId: null, fname: 'x', lname: '', nickname: '', role: 'staff', online_booking: 'ON', color: '', archived: false,
    });
    older.occurredAt = new Date(Date.now() - 3600_000).toISOString();
    await h.bus.publishDurably(older);
    await h.staffUpdated(h.S1, 20005, { role: 'TBD' });
    await eventually(async () => expect(await h.db.collection('staff').findOne({ _id: `${h.S1}:20005` as never })).not.toBeNull());
    expect((await packageOf(h.S1)).expiration).toBe('active');
  });

  it('when every member of the store or the super admin reads it, then they get it; another store, a customer, nobody do not', async () => {
    for (const who of ['owner', 'admin', 'superadmin', 'limited', 'staff', 'frontDesk', 'platform'] as const) {
      expect([who, (await h.http().get(`/api/getPackageByStoreId/${h.S1}`).set(h.auth(who))).status]).toEqual([who, 200]);
    }
    for (const who of ['otherStore', 'customer', 'none', 'kiosk'] as const) {
      expect([who, [401, 403, 404].includes((await h.http().get(`/api/getPackageByStoreId/${h.S1}`).set(h.auth(who))).status)]).toEqual([who, true]);
    }
  });
});

describe('GET getAllSub', () => {
  it('when the super admin asks, then every open store is listed with its name and package; a store that never paid reads null', async () => {
    for (let i = 1; i <= 5; i++) await h.staffUpdated(h.S2, 30000 + i);
    await eventually(async () => {
      const res = await h.http().get('/api/getAllSub').set(h.auth('platform'));
      expect(res.status).toBe(200);
      const mine = res.body.client_ids.filter((c: { id: number }) => c.id === h.S1 || c.id === h.S2);
      expect(mine).toEqual([
        { id: h.S1, storeName: 'Nail Palace', product: 'Free', expiration: 'active', current_period_start: null, current_period_end: null },
        { id: h.S2, storeName: 'Other Salon', product: '', expiration: null, current_period_start: null, current_period_end: null },
      ]);
    });
  });

  it('when a store owner asks, then 403', async () => {
    expect((await h.http().get('/api/getAllSub').set(h.auth('owner'))).status).toBe(403);
  });
});
