import { eventually } from '@turnbook/test-kit';
import { CUSTOMERS_MESSAGES } from '@turnbook/contracts';
import { PHONES, STAFF, startCustomers, type Harness } from '../test/world';

let h: Harness;
beforeAll(async () => {
  h = await startCustomers();
});
afterAll(async () => h?.stop());

let address = 0;
/** Each call from its own client address unless given, so the per-address limit only bites where a test means it. */
const fromNewAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;
const publicCreate = (body: Record<string, unknown>, who: 'none' | 'customer' | 'otherStore' = 'none', ip = fromNewAddress()) =>
  h.http().post('/api/customer').set(h.auth(who)).set('X-Forwarded-For', ip).send({ storeId: h.S1, ...body });
/** A guest's call: the booking flow names the account it registered with this phone. */
const guestCreate = (body: Record<string, unknown> & { phone: string }, ip?: string) => publicCreate({ userId: h.guest(body.phone), ...body }, 'none', ip);

describe('POST customer from the public booking page (no token, or not staff of the store)', () => {
  it('when a new phone books, then a customer is created and only its id is answered', async () => {
    const userId = h.guest('5558000001');
    const res = await publicCreate({ fname: 'Pat', lname: 'Guest', phone: '(555) 800-0001', email: 'pat@x.io', fav_staffId: STAFF.staff, userId });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ customer: { id: expect.any(Number) } });
    expect(await h.repo.findById(res.body.customer.id)).toMatchObject({ fname: 'pat', lname: 'guest', phone: '5558000001', fav_staffId: STAFF.staff, accountId: userId });
    await eventually(() => expect(h.eventsOf('customer.created').some((e) => (e.data as any).customerId === res.body.customer.id)).toBe(true));
  });

  it('when the phone is already a customer of the store, then its id is returned, nothing leaks and nothing changes', async () => {
    const existing = await h.create({ fname: 'Real', lname: 'Name', phone: PHONES.customer, email: 'real@x.io', status: 'banned' });
    for (const res of [
      await guestCreate({ fname: 'Impostor', lname: 'X', phone: PHONES.customer, email: 'evil@x.io' }),
      await publicCreate({ fname: 'Impostor', lname: 'X', phone: PHONES.customer, email: 'evil@x.io' }, 'customer'),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ customer: { id: existing.id } });
    }
    expect(await h.repo.findById(existing.id)).toMatchObject({ fname: 'real', email: 'real@x.io', status: 'banned' });
    expect((await h.repo.findByPhone(h.S1, PHONES.customer)).length).toBe(1);
  });

  it('when the same new phone books many times at once, then exactly one customer is created', async () => {
    const userId = h.guest('5558000003');
    const results = await Promise.all(Array.from({ length: 8 }, () => publicCreate({ fname: 'Rush', phone: '5558000003', userId })));
    expect(results.every((r) => [200, 201].includes(r.status))).toBe(true);
    expect(new Set(results.map((r) => r.body.customer.id)).size).toBe(1);
    expect((await h.repo.findByPhone(h.S1, '5558000003')).length).toBe(1);
  });

  it('when the same phone books at another store, then that store gets its own customer', async () => {
    const a = await guestCreate({ fname: 'Two', phone: '5558000004' });
    const b = await h.http().post('/api/customer').send({ storeId: h.S2, fname: 'Two', phone: '5558000004', userId: h.guest('5558000004') });
    expect(b.status).toBe(201);
    expect(b.body.customer.id).not.toBe(a.body.customer.id);
  });

  it('when the customer found by phone was deleted, then a new one is created', async () => {
    const first = await guestCreate({ fname: 'Once', phone: '5558000005' });
    await h.http().delete(`/api/customer/${first.body.customer.id}`).set(h.auth('owner'));
    const again = await guestCreate({ fname: 'Again', phone: '5558000005' });
    expect(again.status).toBe(201);
    expect(again.body.customer.id).not.toBe(first.body.customer.id);
  });

  it.each([
    [{ fname: 'x' }, 'phone'],
    [{ fname: 'x', phone: '123' }, 'phone'],
    [{ fname: '', phone: '5558000006' }, 'fname'],
    [{ fname: 'x', phone: '5558000006', fav_staffId: STAFF.other }, 'fav_staffId'],
    [{ fname: 'x', phone: '5558000006', userId: 'me' }, 'userId'],
  ])('when the body is %j, then 400 naming %s and nothing is written', async (body, field) => {
    const res = await publicCreate({ userId: h.guest('5558000006'), ...body });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(await h.repo.findByPhone(h.S1, '5558000006')).toEqual([]);
  });

  it('when a public caller sends staff-only fields, then they are ignored', async () => {
    const res = await guestCreate({ fname: 'Sneaky', phone: '5558000007', status: 'vip', visited: 99, color: '#ff0000' });
    expect(await h.repo.findById(res.body.customer.id)).toMatchObject({ status: '', visited: 0, color: null });
  });
});

describe("POST customer from the kiosk: a walk-in is found by phone and name", () => {
  const kiosk = (body: Record<string, unknown>) => h.http().post('/api/customer').set(h.auth('kiosk')).send({ storeId: h.S1, ...body });

  it("when a walk-in types someone else's phone under another name, then a customer of their own is made and the phone's customer is left alone", async () => {
    const mia = await h.create({ fname: 'Mia', lname: 'Williams', phone: '2675551044', visited: 3 });
    const res = await kiosk({ fname: 'John', lname: 'Stranger', phone: '2675551044' });
    expect(res.status).toBe(201);
    expect(res.body.customer.id).not.toBe(mia.id);
    expect(await h.repo.findById(res.body.customer.id)).toMatchObject({ fname: 'john', lname: 'stranger', phone: '2675551044' });
    expect(await h.repo.findById(mia.id)).toMatchObject({ fname: 'mia', lname: 'williams', visited: 3 });
  });

  it('when a walk-in comes back with the same phone and name (any case or spacing), then the same customer is found', async () => {
    const first = await kiosk({ fname: 'Rosa', lname: 'Diaz', phone: '2675551045' });
    const again = await kiosk({ fname: ' ROSA ', lname: 'diaz', phone: '2675551045' });
    expect(again.status).toBe(200);
    expect(again.body.customer.id).toBe(first.body.customer.id);
  });

  it('when two people sharing a phone sign in at once, twice each, then each gets one customer of their own', async () => {
    const calls = await Promise.all(['Ana', 'Ben', 'Ana', 'Ben'].map((fname) => kiosk({ fname, lname: 'Lopez', phone: '2675551046' })));
    expect(calls.every((r) => [200, 201].includes(r.status))).toBe(true);
    const [ana1, ben1, ana2, ben2] = calls.map((r) => r.body.customer.id);
    expect([ana1 === ana2, ben1 === ben2, ana1 === ben1]).toEqual([true, true, false]);
    expect((await h.repo.findByPhone(h.S1, '2675551046')).length).toBe(2);
  });
});

describe('POST customer from the booking flow: tied to the visitor account', () => {
  it('when a guest names no account, or one that does not exist, then 400 naming userId and nothing is written', async () => {
    for (const body of [{ fname: 'Nobody', phone: '5558100001' }, { fname: 'Nobody', phone: '5558100001', userId: 424242 }]) {
      const res = await publicCreate(body);
      expect([res.status, res.body.field, res.body.message]).toEqual([400, 'userId', CUSTOMERS_MESSAGES.accountRequired]);
    }
    expect(await h.repo.findByPhone(h.S1, '5558100001')).toEqual([]);
  });

  it('when a guest names an account that is verified or was registered long ago (not this booking), then 400 naming userId', async () => {
    for (const userId of [h.guest('5558100003', { verified: true }), h.guest('5558100003', { createdAt: new Date(Date.now() - 2 * 3600_000) }), 300]) {
      const res = await publicCreate({ fname: 'Late', phone: '5558100003', userId });
      expect([res.status, res.body.field]).toEqual([400, 'userId']);
    }
    expect(await h.repo.findByPhone(h.S1, '5558100003')).toEqual([]);
  });

  it("when the phone is not the account's (a guest's or a signed-in customer's), then 400 naming phone and nothing is written", async () => {
    const guest = await publicCreate({ fname: 'Mallory', phone: '5558100002', userId: h.guest('5558100099') });
    const customer = await publicCreate({ fname: 'Mallory', phone: '5558100002' }, 'customer');
    for (const res of [guest, customer]) expect([res.status, res.body.field, res.body.message]).toEqual([400, 'phone', CUSTOMERS_MESSAGES.useYourAccountPhone]);
    expect(await h.repo.findByPhone(h.S1, '5558100002')).toEqual([]);
  });

  it("when the store already has the phone's customer, then only a token proving that phone links the record to the account; a guest or an unverified phone does not", async () => {
    const phone = '5558600001';
    const existing = await h.create({ fname: 'Walk', lname: 'In', phone });
    const signedIn = (token: string) =>
      h.http().post('/api/customer').set('Authorization', `Bearer ${token}`).set('X-Forwarded-For', fromNewAddress()).send({ storeId: h.S1, fname: 'Walk', phone });
    const unverified = h.guest(phone, { verified: true, createdAt: new Date(0) });
    const verified = h.guest(phone, { verified: true, createdAt: new Date(0) });
    for (const res of [await guestCreate({ fname: 'Walk', phone }), await signedIn(h.keys.userWithUnverifiedPhone(unverified, phone))]) {
      expect([res.status, res.body.customer?.id]).toEqual([200, existing.id]);
      expect((await h.repo.findById(existing.id))?.accountId).toBeNull();
    }
    const res = await signedIn(h.keys.user(verified, 'customer', phone));
    expect([res.status, res.body.customer?.id]).toEqual([200, existing.id]);
    expect(await h.repo.findById(existing.id)).toMatchObject({ fname: 'walk', lname: 'in', accountId: verified });
    expect((await h.repo.findByPhone(h.S1, phone)).length).toBe(1);
  });

  it("when a signed-in customer books with their account's phone, then the customer is tied to that account", async () => {
    const store = h.S2;
    const res = await h.http().post('/api/customer').set(h.auth('customer')).set('X-Forwarded-For', fromNewAddress()).send({ storeId: store, fname: 'Cas', phone: PHONES.customer });
    expect(res.status).toBe(201);
    expect(await h.repo.findById(res.body.customer.id)).toMatchObject({ phone: PHONES.customer, accountId: 300 });
  });
});

describe('POST customer from outside the store: rate limits (counted in the database)', () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await startCustomers({ CUSTOMER_GUEST_PER_ADDRESS: '3', CUSTOMER_GUEST_PER_PHONE: '2', MONGO_DB: `${h.db.name}` });
  });
  afterAll(async () => limited?.stop());
  const call = (svc: Harness, phone: string, ip: string) =>
    svc.http().post('/api/customer').set('X-Forwarded-For', ip).send({ storeId: svc.S1, fname: 'Many', phone, userId: svc.guest(phone) });

  it('when one address creates customers past its limit, then 429 says when to try again; another address still books', async () => {
    const ip = '10.20.0.1';
    for (let i = 0; i < 3; i++) expect((await call(limited, `555820000${i}`, ip)).status).toBe(201);
    const over = await call(limited, '5558200009', ip);
    expect([over.status, over.body.code, over.body.retryAfter > 0, Number(over.headers['retry-after']) > 0]).toEqual([429, 'rateLimited', true, true]);
    expect(await limited.repo.findByPhone(limited.S1, '5558200009')).toEqual([]);
    expect((await call(limited, '5558200009', '10.20.0.2')).status).toBe(201);
  });

  it('when one phone is asked for past its limit from many addresses, then 429', async () => {
    expect((await call(limited, '5558300001', '10.30.0.1')).status).toBe(201);
    expect((await call(limited, '5558300001', '10.30.0.2')).status).toBe(200);
    expect((await call(limited, '5558300001', '10.30.0.3')).status).toBe(429);
  });

  it('when the kiosk signs walk-ins in, then the address limit does not apply (it is the store tablet) but the phone limit does', async () => {
    const kiosk = (phone: string) => limited.http().post('/api/customer').set(limited.auth('kiosk')).set('X-Forwarded-For', '10.40.0.1').send({ storeId: limited.S1, fname: 'Walk', phone });
    for (let i = 0; i < 5; i++) expect((await kiosk(`555840000${i}`)).status).toBe(201);
    await kiosk('5558500000');
    await kiosk('5558500000');
    expect((await kiosk('5558500000')).status).toBe(429);
  });

  it('when two instances share the database, then they count the same calls', async () => {
    const phone = '5558600000';
    expect((await call(limited, phone, '10.60.0.1')).status).toBe(201);
    // The other instance (its own test store): the phone's second call, counted in the shared database.
    expect((await call(h, phone, '10.60.0.2')).status).toBe(201);
    expect((await call(limited, phone, '10.60.0.3')).status).toBe(429);
  });
});
