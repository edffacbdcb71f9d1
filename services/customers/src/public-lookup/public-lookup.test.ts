import { INTERNAL_TOKEN_HEADER, MESSAGES } from '@turnbook/contracts';
import { PHONES, ROLES, STAFF, startCustomers, USERS, type Harness } from '../test/world';

let h: Harness;
beforeAll(async () => {
  h = await startCustomers();
});
afterAll(async () => h?.stop());

const lookup = (storeId: number | string, phone: string, who: Parameters<Harness['auth']>[0] = 'none') =>
  h.http().get(`/api/public_getCustomerIdByStoreIdAndPhone/${storeId}/${encodeURIComponent(phone)}`).set(h.auth(who));

describe('GET public_getCustomerIdByStoreIdAndPhone/{storeId}/{phone}', () => {
  it('when a signed-in customer looks up their own verified phone, then only id and favourite-staff fields come back', async () => {
    const c = await h.create({ fname: 'Fav', lname: 'Fan', phone: PHONES.customer, email: 'f@x.io', fav_staffId: STAFF.staff, book_with_fav_staff: 1 });
    const res = await lookup(h.S1, '(555) 000-1111', 'customer');
    expect(res.status).toBe(200);
    expect(res.body.customers).toContainEqual({ id: c.id, fav_staffId: STAFF.staff, book_with_fav_staff: 1 });
    expect(Object.keys(res.body.customers[0]).sort()).toEqual(['book_with_fav_staff', 'fav_staffId', 'id']);
  });

  it("when a visitor, store staff or another customer looks up a customer's phone, then the list is empty, as for an unknown phone (no enumeration)", async () => {
    await h.create({ fname: 'Known', phone: '5559000001' });
    for (const who of ['none', 'owner', 'staff', 'customer'] as const) expect((await lookup(h.S1, '5559000001', who)).body).toEqual({ customers: [] });
    expect((await lookup(h.S1, '5559000009')).body).toEqual({ customers: [] });
  });

  it('when the own phone belongs to another store, or the store is unknown, then the list is empty', async () => {
    expect((await lookup(h.S2, PHONES.customer, 'customer')).body).toEqual({ customers: [] });
    expect((await lookup(987654, PHONES.customer, 'customer')).body).toEqual({ customers: [] });
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

  it("when a signed-in customer looks up their own verified phone, then the store's customers of that phone are linked to their account; anyone else's lookup links nothing", async () => {
    const mine = await h.create({ fname: 'Front', lname: 'Desk', phone: PHONES.customer }, h.S2);
    const theirs = await h.create({ fname: 'Not', lname: 'Mine', phone: '5559000002' }, h.S2);
    await lookup(h.S2, '5559000002', 'customer');
    await lookup(h.S2, PHONES.customer, 'otherStore');
    expect((await h.repo.findById(mine.id))?.accountId).toBeNull();
    await lookup(h.S2, PHONES.customer, 'customer');
    expect(await h.repo.findById(mine.id)).toMatchObject({ fname: 'front', lname: 'desk', accountId: USERS.customer });
    expect((await h.repo.findById(theirs.id))?.accountId).toBeNull();
  });

  it.each(ROLES)('access: when %s looks up a phone, then it is allowed (a public call)', async (role) => {
    expect((await lookup(h.S1, '5559000001', role)).status).toBe(200);
  });
});

describe('GET public_getCustomerIdByStoreIdAndPhone limits (no token: anyone could try every number)', () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await startCustomers({ CUSTOMER_LOOKUP_PER_ADDRESS: '3', CUSTOMER_LOOKUP_PER_PHONE: '2', CUSTOMER_LOOKUP_PER_STORE: '8' });
  });
  afterAll(async () => limited?.stop());

  const from = (ip: string, storeId: number, phone: string) =>
    limited.http().get(`/api/public_getCustomerIdByStoreIdAndPhone/${storeId}/${phone}`).set('X-Forwarded-For', ip);
  const expectLimited = (res: { status: number; body: Record<string, unknown>; headers: Record<string, string> }) => {
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'rateLimited', retryAfter: expect.any(Number) });
    expect(res.body.message).toMatch(new RegExp(`^${MESSAGES.tooManyGuestRequests} Please try again in \\d+ minutes?\\.$`));
    expect(Number(res.headers['retry-after'])).toBe(res.body.retryAfter);
    expect(res.body.retryAfter as number).toBeGreaterThan(3500);
  };

  it('when one address looks up more phones than its limit, then it gets 429 with the wait, and another address is still answered', async () => {
    for (const n of [1, 2, 3]) expect((await from('10.1.0.1', limited.S1, `555700000${n}`)).status).toBe(200);
    expectLimited(await from('10.1.0.1', limited.S1, '5557000004'));
    expect((await from('10.1.0.2', limited.S1, '5557000004')).status).toBe(200);
  });

  it('when one phone is looked up from many addresses past its limit, then 429, and other phones are still answered', async () => {
    for (const n of [1, 2]) expect((await from(`10.2.0.${n}`, limited.S1, '5557100001')).status).toBe(200);
    expectLimited(await from('10.2.0.3', limited.S1, '5557100001'));
    expect((await from('10.2.0.3', limited.S1, '5557100002')).status).toBe(200);
  });

  it('when one store is looked up past its limit from many addresses and phones, then 429; another store is still answered', async () => {
    for (let n = 1; n <= 8; n++) expect((await from(`10.3.0.${n}`, limited.S2, `555720000${n}`)).status).toBe(200);
    expectLimited(await from('10.3.0.9', limited.S2, '5557200009'));
    expect((await from('10.3.0.9', limited.S1, '5557200009')).status).toBe(200);
  });
});

describe('POST /internal/customers/by-ids (scheduling checks a guest request is for the account\'s phone)', () => {
  const byIds = (ids: unknown, token = h.config.INTERNAL_TOKEN) => h.http().post('/internal/customers/by-ids').set(INTERNAL_TOKEN_HEADER, token).send({ ids });

  it('when scheduling asks for customers by id, then each known one comes back with its store and phone only', async () => {
    const a = await h.create({ fname: 'Ida', lname: 'Inner', phone: '5559100001', email: 'ida@x.io' });
    const b = await h.create({ fname: 'Ben', phone: '5559100002' }, h.S2);
    const res = await byIds([a.id, b.id, 987654321]);
    expect(res.status).toBe(200);
    expect(res.body.customers).toEqual(expect.arrayContaining([{ id: a.id, storeId: h.S1, phone: '5559100001' }, { id: b.id, storeId: h.S2, phone: '5559100002' }]));
    expect(res.body.customers).toHaveLength(2);
  });

  it('when the call has no internal token or a bad body, then it is refused', async () => {
    expect((await byIds([1], 'wrong')).status).toBe(401);
    expect((await byIds('x')).status).toBe(400);
  });
});
