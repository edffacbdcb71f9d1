import { eventually } from '@turnbook/test-kit';
import { ROLES, STAFF, startCustomers, type Expect, type Harness } from '../test/world';
import { merges } from './purge-merged';

let h: Harness;
beforeAll(async () => {
  h = await startCustomers();
});
afterAll(async () => h?.stop());

const merge = (source: number, dest: number, who: Parameters<Harness['auth']>[0] = 'owner') =>
  h.http().post('/api/mergeCustomers').set(h.auth(who)).send({ source, dest });

describe('POST mergeCustomers', () => {
  it('when the owner merges, then the kept customer gets the empty fields, the other is gone and customer.merged goes out exactly once', async () => {
    const keep = await h.create({ fname: 'Keep', phone: '5551110000' });
    const drop = await h.create({ fname: 'Drop', lname: 'Dupe', email: 'd@x.io', phone: '5552220000', status: 'vip', fav_staffId: STAFF.staff, book_with_fav_staff: 1, visited: 3 });

    const res = await merge(keep.id, drop.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const kept = await h.http().get(`/api/customer/${keep.id}`).set(h.auth('owner'));
    expect(kept.body.customer).toMatchObject({
      id: keep.id, fname: 'keep', lname: 'dupe', email: 'd@x.io', phone: '5551110000', status: 'vip',
      fav_staffId: STAFF.staff, book_with_fav_staff: 1, visited: 3,
    });
    expect((await h.http().get(`/api/customer/${drop.id}`).set(h.auth('owner'))).status).toBe(404);
    expect((await h.http().get(`/api/searchCustomerById/${h.S1}/${drop.id}`).set(h.auth('owner'))).body.customers).toEqual([]);

    const mergedFor = () => h.eventsOf('customer.merged').filter((e) => (e.data as any).removedId === drop.id);
    await eventually(() => expect(mergedFor()).toHaveLength(1));
    expect(mergedFor()[0].data).toEqual({ storeId: h.S1, keptId: keep.id, removedId: drop.id });
    // The kept customer's new fields are announced too (scheduling refreshes its copies).
    await eventually(() => expect(h.eventsOf('customer.updated').some((e) => (e.data as any).customerId === keep.id && (e.data as any).lname === 'dupe')).toBe(true));
    // The removed customer's document is deleted once its event is out.
    await eventually(async () => expect(await h.repo.Customer.countDocuments({ _id: drop.id })).toBe(0));
    await new Promise((r) => setTimeout(r, 500));
    expect(mergedFor()).toHaveLength(1);
  });

  it('when the kept customer already has a field, then it is kept as it is', async () => {
    const keep = await h.create({ fname: 'a', lname: 'mine', email: 'mine@x.io' });
    const drop = await h.create({ fname: 'b', lname: 'theirs', email: 'theirs@x.io', phone: '5553330000' });
    await merge(keep.id, drop.id);
    expect(await h.repo.findById(keep.id)).toMatchObject({ lname: 'mine', email: 'mine@x.io', phone: '5553330000' });
  });

  it('when NATS cannot publish during a merge, then the removed customer stays hidden until its event is out, then goes', async () => {
    // Simulated by checking the order of writes: the merge mark and its event are one document write.
    const keep = await h.create({ fname: 'k' });
    const drop = await h.create({ fname: 'd' });
    const spy = jest.spyOn(h.bus, 'flush').mockImplementation(async () => undefined);
    try {
      expect((await merge(keep.id, drop.id)).status).toBe(200);
      const doc = await h.repo.Customer.findById(drop.id).lean<any>();
      expect(doc.merged_into).toBe(keep.id);
      expect(Object.values(doc._pendingEvents).map((e: any) => e.type)).toEqual(['customer.merged']);
      expect(await h.repo.findById(drop.id)).toBeNull(); // hidden from reads already
    } finally {
      spy.mockRestore();
    }
    // The sweeper publishes it; the purge then deletes the document.
    await eventually(() => expect(h.eventsOf('customer.merged').filter((e) => (e.data as any).removedId === drop.id)).toHaveLength(1));
    await eventually(async () => {
      await h.repo.purgeMerged();
      expect(await h.repo.Customer.countDocuments({ _id: drop.id })).toBe(0);
    });
  });

  it('when a customer was merged by a release that set no merged flag, then the first purge of a process deletes it, and a merge of this release is found by its flag', async () => {
    const keep = await h.create({ fname: 'k' });
    const old = await h.create({ fname: 'old' });
    // as the last release marked it: merged_into only, its event out
    await h.repo.Customer.updateOne({ _id: old.id }, { $set: { merged_into: keep.id } });
    expect(await h.repo.purgeMerged()).toBe(0); // the flag's query does not see it
    const purges = merges({ customers: h.repo, log: { warn: () => undefined } as never });
    await purges.purge();
    expect(await h.repo.Customer.countDocuments({ _id: old.id })).toBe(0);

    const drop = await h.create({ fname: 'd' });
    const spy = jest.spyOn(h.bus, 'flush').mockImplementation(async () => undefined);
    try {
      expect((await merge(keep.id, drop.id)).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(await h.repo.Customer.findById(drop.id).lean<any>()).toMatchObject({ merged_into: keep.id, merged: true });
    await eventually(async () => {
      await purges.purge(); // the flag's query from now on
      expect(await h.repo.Customer.countDocuments({ _id: drop.id })).toBe(0);
    });
  });

  it.each([
    [{ source: 1 }, 'dest'],
    [{ dest: 1 }, 'source'],
    [{ source: 'x', dest: 2 }, 'source'],
    [{ source: 'same', dest: 'same' }, 'dest'],
  ])('when the body is %j, then 400 naming %s and nothing changes', async (given: Record<string, unknown>, field) => {
    // 'same': one real customer as both (the router finds both before the body is checked).
    const same = given.source === 'same' ? (await h.create({ fname: 'same' })).id : undefined;
    const body = same ? { source: same, dest: same } : given;
    const res = await h.http().post('/api/mergeCustomers').set(h.auth('owner')).send(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it('when a customer is unknown, then 404; when they are in different stores, then refused and nothing changes', async () => {
    const keep = await h.create({ fname: 'k2' });
    expect((await merge(keep.id, 987654)).status).toBe(404);
    const foreign = await h.create({ fname: 'foreign', lname: 'x' }, h.S2);
    const res = await merge(keep.id, foreign.id);
    expect(res.status).toBe(403); // the owner of store 1 does not own store 2
    expect(await h.repo.findById(foreign.id)).toMatchObject({ fname: 'foreign' });
    expect((await h.repo.findById(keep.id))?.lname).toBe('');
  });

  const mergeExpect: Expect = { owner: 200, admin: 403, superadmin: 403, limited: 403, staff: 403, otherStore: 403, customer: 403, none: 401 };
  it.each(ROLES)('access: when %s merges two customers of store 1, then the status matches storeOwner', async (role) => {
    const keep = await h.create({ fname: 'keep' });
    const drop = await h.create({ fname: 'drop', phone: '5554440000' });
    const res = await merge(keep.id, drop.id, role);
    expect(res.status).toBe(mergeExpect[role]);
    expect(!!(await h.repo.findById(drop.id))).toBe(res.status !== 200);
    if (res.status !== 200) expect((await h.repo.findById(keep.id))?.phone).toBeNull();
  });
});
