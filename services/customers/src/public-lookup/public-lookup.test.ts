import { ROLES, STAFF, startCustomers, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startCustomers();
});
afterAll(async () => h?.stop());

const lookup = (storeId: number | string, phone: string, who: Parameters<Harness['auth']>[0] = 'none') =>
  h.http().get(`/api/public_getCustomerIdByStoreIdAndPhone/${storeId}/${encodeURIComponent(phone)}`).set(h.auth(who));

describe('GET public_getCustomerIdByStoreIdAndPhone/{storeId}/{phone}', () => {
  it('when the phone is a customer of the store, then only id and favourite-staff fields come back', async () => {
    const c = await h.create({ fname: 'Fav', lname: 'Fan', phone: '5559000001', email: 'f@x.io', fav_staffId: STAFF.staff, book_with_fav_staff: 1 });
    const res = await lookup(h.S1, '(555) 900-0001');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ customers: [{ id: c.id, fav_staffId: STAFF.staff, book_with_fav_staff: 1 }] });
  });

  it('when the phone is unknown, belongs to another store, or the store is unknown, then the list is empty', async () => {
    await h.create({ fname: 'Else', phone: '5559000002' }, h.S2);
    expect((await lookup(h.S1, '5559000009')).body).toEqual({ customers: [] });
    expect((await lookup(h.S1, '5559000002')).body).toEqual({ customers: [] });
    expect((await lookup(987654, '5559000002')).body).toEqual({ customers: [] });
  });

  it.each([
    ['x', '5559000001', 'storeId'],
    ['{S1}', '123', 'phone'],
    ['{S1}', 'abcdefghij', 'phone'],
  ])('when storeId is %s and phone %s, then 400 naming %s', async (store, phone, field) => {
    const res = await lookup(store === '{S1}' ? h.S1 : store, phone);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it.each(ROLES)('access: when %s looks up a phone, then it is allowed (a public call)', async (role) => {
    expect((await lookup(h.S1, '5559000001', role)).status).toBe(200);
  });
});
