import { eventually } from '@turnbook/test-kit';
import { STAFF, startCustomers, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startCustomers();
});
afterAll(async () => h?.stop());

const publicCreate = (body: Record<string, unknown>, who: 'none' | 'customer' | 'otherStore' = 'none') =>
  h.http().post('/api/customer').set(h.auth(who)).send({ storeId: h.S1, ...body });

describe('POST customer from the public booking page (no token, or not staff of the store)', () => {
  it('when a new phone books, then a customer is created and only its id is answered', async () => {
    const res = await publicCreate({ fname: 'Pat', lname: 'Guest', phone: '(555) 800-0001', email: 'pat@x.io', fav_staffId: STAFF.staff });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ customer: { id: expect.any(Number) } });
    expect(await h.repo.findById(res.body.customer.id)).toMatchObject({ fname: 'pat', lname: 'guest', phone: '5558000001', fav_staffId: STAFF.staff });
    await eventually(() => expect(h.eventsOf('customer.created').some((e) => (e.data as any).customerId === res.body.customer.id)).toBe(true));
  });

  it('when the phone is already a customer of the store, then its id is returned, nothing leaks and nothing changes', async () => {
    const existing = await h.create({ fname: 'Real', lname: 'Name', phone: '5558000002', email: 'real@x.io', status: 'banned' });
    for (const who of ['none', 'customer', 'otherStore'] as const) {
      const res = await publicCreate({ fname: 'Impostor', lname: 'X', phone: '5558000002', email: 'evil@x.io' }, who);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ customer: { id: existing.id } });
    }
    expect(await h.repo.findById(existing.id)).toMatchObject({ fname: 'real', email: 'real@x.io', status: 'banned' });
    expect((await h.repo.findByPhone(h.S1, '5558000002')).length).toBe(1);
  });

  it('when the same new phone books many times at once, then exactly one customer is created', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => publicCreate({ fname: 'Rush', phone: '5558000003' })));
    expect(results.every((r) => [200, 201].includes(r.status))).toBe(true);
    expect(new Set(results.map((r) => r.body.customer.id)).size).toBe(1);
    expect((await h.repo.findByPhone(h.S1, '5558000003')).length).toBe(1);
  });

  it('when the same phone books at another store, then that store gets its own customer', async () => {
    const a = await publicCreate({ fname: 'Two', phone: '5558000004' });
    const b = await h.http().post('/api/customer').send({ storeId: h.S2, fname: 'Two', phone: '5558000004' });
    expect(b.status).toBe(201);
    expect(b.body.customer.id).not.toBe(a.body.customer.id);
  });

  it('when the customer found by phone was deleted, then a new one is created', async () => {
    const first = await publicCreate({ fname: 'Once', phone: '5558000005' });
    await h.http().delete(`/api/customer/${first.body.customer.id}`).set(h.auth('owner'));
    const again = await publicCreate({ fname: 'Again', phone: '5558000005' });
    expect(again.status).toBe(201);
    expect(again.body.customer.id).not.toBe(first.body.customer.id);
  });

  it.each([
    [{ fname: 'x' }, 'phone'],
    [{ fname: 'x', phone: '123' }, 'phone'],
    [{ fname: '', phone: '5558000006' }, 'fname'],
    [{ fname: 'x', phone: '5558000006', fav_staffId: STAFF.other }, 'fav_staffId'],
  ])('when the body is %j, then 400 naming %s and nothing is written', async (body, field) => {
    const res = await publicCreate(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(await h.repo.findByPhone(h.S1, '5558000006')).toEqual([]);
  });

  it('when a public caller sends staff-only fields, then they are ignored', async () => {
    const res = await publicCreate({ fname: 'Sneaky', phone: '5558000007', status: 'vip', visited: 99, color: '#ff0000' });
    expect(await h.repo.findById(res.body.customer.id)).toMatchObject({ status: '', visited: 0, color: null });
  });
});
