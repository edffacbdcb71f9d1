import { randomUUID } from 'node:crypto';
import { startWorld, type World } from '../test/world';

let w: World;
let second: { id: number; permalink: string };
beforeAll(async () => {
  w = await startWorld();
  second = await w.createStore('owner', { name: 'Second Location' });
}, 90_000);
afterAll(async () => {
  await w?.stop();
});

let nextId = 990_000;
/** A checked-out appointment written straight to the database, its day's and month's stamps moved as a write through the service does. */
const checkedOut = async (storeId: number, staffId: number, date: string, sale: number, over: Record<string, unknown> = {}) => {
  const doc = { _id: ++nextId, storeId, staffId, customerId: 5, serviceIds: '1', services: [{ id: 1, name: 'Gel', price: sale / 100, duration: 30 }], date, start: '10:00 am', end: '10:30 am', startMin: 600, endMin: 630, status: 'ON', sale, note: '', ...over };
  await w.svc.db.collection('appointments').insertOne(doc as never);
  await w.svc.db.collection('appointment_day_stamps').updateOne({ _id: `${storeId}:${date}` } as never, { $set: { v: randomUUID(), storeId, year: date.slice(0, 4), month: date.slice(0, 7) } }, { upsert: true });
  await w.svc.db.collection('appointment_month_stamps').updateOne({ _id: `${storeId}:${date.slice(0, 7)}` } as never, { $set: { v: randomUUID(), storeId, year: date.slice(0, 4) } }, { upsert: true });
};
const franchise = (ids: number[], days: string, role: Parameters<World['as']>[0] = 'owner') => w.as(role).get(`/api/getFranchiseReport?storeIds=${ids.join(',')}&${days}`);

describe('the consolidated report across locations', () => {
  it("when an owner of two locations runs it, then each location has its store report (checked-out sales per staff member and day) and each day sums the locations", async () => {
    const secondStaff = (await w.svc.db.collection('employees').findOne({ storeId: second.id } as never)) as unknown as { _id: number } | null;
    const column = secondStaff?._id ?? 9999;
    await checkedOut(w.store.id, w.staffIds.staff, '2033-03-01', 4550);
    await checkedOut(w.store.id, w.staffIds.admin, '2033-03-02', 1000);
    // Not checked out, and checked out then cancelled: neither is revenue, as in the store report.
    await checkedOut(w.store.id, w.staffIds.staff, '2033-03-01', 0, { status: 'APPROVED' });
    await checkedOut(w.store.id, w.staffIds.staff, '2033-03-02', 700, { status: 'CANCEL' });
    await checkedOut(second.id, column, '2033-03-02', 2500);

    const r = (await franchise([w.store.id, second.id], 'from=2033-03-01&to=2033-03-02').expect(200)).body;
    expect(r.locations.map((l: { storeId: number; name: string }) => [l.storeId, l.name])).toEqual([[w.store.id, 'nail studio'], [second.id, 'second location']]);
    const [first, other] = r.locations;
    expect(first.totalsCents).toEqual({ [w.staffIds.staff]: 4550, [w.staffIds.admin]: 1000, 1111: 700 });
    expect(first.totalCents).toBe(5550);
    expect(other.totalCents).toBe(2500);
    expect(r.days).toEqual([
      { date: '2033-03-01', byStore: { [w.store.id]: 4550, [second.id]: 0 }, totalCents: 4550 },
      { date: '2033-03-02', byStore: { [w.store.id]: 1000, [second.id]: 2500 }, totalCents: 3500 },
    ]);
    expect(r.totalCents).toBe(8050);
    // The same figures as the store report of each location.
    const store = (await w.as('owner').get(`/api/getReportByStoreIdAndRange/${w.store.id}?from=2033-03-01&to=2033-03-02`).expect(200)).body;
    expect(first.rows).toEqual(store.rows);
  });

  it("when another owner's store is in the list, then it answers 403 with no figures; a store that does not exist answers 404", async () => {
    const refused = await franchise([w.store.id, w.otherStore.id], 'from=2033-03-01&to=2033-03-02');
    expect(refused.status).toBe(403);
    expect(refused.body.locations).toBeUndefined();
    expect((await franchise([w.store.id, 987_654_321], 'dates=2033-03-01')).status).toBe(404);
    // the first listed store that fails answers, whichever read ends first
    expect((await franchise([987_654_321, w.otherStore.id], 'dates=2033-03-01')).status).toBe(404);
    expect((await franchise([w.otherStore.id, 987_654_321], 'dates=2033-03-01')).status).toBe(403);
  });

  it("when a store's admin (no franchise grant) runs it, then it is refused, though the store report is theirs", async () => {
    expect((await franchise([w.store.id], 'dates=2033-03-01', 'admin')).status).toBe(403);
    await w.as('admin').get(`/api/getReportByStoreIdAndRange/${w.store.id}?dates=2033-03-01`).expect(200);
  });

  it('when the list or the days are bad, then 400 names the field', async () => {
    expect((await w.as('owner').get('/api/getFranchiseReport?from=2033-03-01&to=2033-03-02')).body.field).toBe('storeIds');
    expect((await franchise([w.store.id], 'from=2033-03-02&to=2033-03-01')).status).toBe(400);
    // over 100 locations is refused before any of them is read
    const many = await franchise(Array.from({ length: 101 }, (_, i) => 900_000_000 + i), 'dates=2033-03-01');
    expect({ status: many.status, field: many.body.field }).toEqual({ status: 400, field: 'storeIds' });
  });
});

describe('franchise managers', () => {
  const otherEmail = () => `other-${w.ids.other}@example.com`;

  it("when the owner grants a location to a franchise manager, then they run its store and consolidated reports and see it among their locations; taken back, they are refused", async () => {
    expect((await franchise([second.id], 'dates=2033-03-02', 'other')).status).toBe(403);
    const granted = (await w.as('owner').post(`/api/storeManager/${second.id}`, { email: otherEmail().toUpperCase() }).expect(200)).body;
    expect(granted.managers).toEqual([{ userId: w.ids.other, email: otherEmail() }]);

    const r = (await franchise([second.id, w.otherStore.id], 'dates=2033-03-02', 'other').expect(200)).body;
    expect(r.locations.map((l: { storeId: number }) => l.storeId)).toEqual([second.id, w.otherStore.id]);
    await w.as('other').get(`/api/getReportByStoreIdAndRange/${second.id}?dates=2033-03-02`).expect(200);
    const locations = (await w.as('other').get(`/api/getFranchiseLocations/${w.ids.other}`).expect(200)).body.stores;
    expect(locations.map((s: { id: number }) => s.id).sort()).toEqual([w.otherStore.id, second.id].sort());
    // The store's sign-in username stays the owner's.
    expect(locations.find((s: { id: number }) => s.id === second.id).username).toBeFalsy();
    // Admin's reach, not the owner's: the grants are the owner's alone.
    expect((await w.as('other').get(`/api/getStoreManagers/${second.id}`)).status).toBe(403);
    expect((await franchise([w.store.id], 'dates=2033-03-02', 'other')).status).toBe(403);

    await w.as('owner').delete(`/api/storeManager/${second.id}/${w.ids.other}`).expect(200);
    expect((await franchise([second.id], 'dates=2033-03-02', 'other')).status).toBe(403);
    expect((await w.as('owner').get(`/api/getStoreManagers/${second.id}`).expect(200)).body.managers).toEqual([]);
  });

  it('when the owner grants an email with no account, their own, or a customer\'s, then nothing is granted', async () => {
    expect((await w.as('owner').post(`/api/storeManager/${second.id}`, { email: 'nobody@example.com' })).status).toBe(404);
    expect((await w.as('owner').post(`/api/storeManager/${second.id}`, { email: `owner-${w.ids.owner}@example.com` })).status).toBe(400);
    expect((await w.as('owner').post(`/api/storeManager/${second.id}`, { email: `customer-${w.ids.customer}@example.com` })).status).toBe(400);
    expect((await w.as('admin').post(`/api/storeManager/${w.store.id}`, { email: otherEmail() })).status).toBe(403);
    expect((await w.as('owner').get(`/api/getStoreManagers/${second.id}`).expect(200)).body.managers).toEqual([]);
  });
});
