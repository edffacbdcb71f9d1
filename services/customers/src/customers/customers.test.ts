import { eventually } from '@turnbook/test-kit';
import { NOT_LIMITED_READ, PHONES, ROLES, STAFF, startCustomers, type Expect, type Harness } from '../test/world';

let h: Harness;
beforeAll(async () => {
  h = await startCustomers();
});
afterAll(async () => h?.stop());

const countIn = async (storeId: number) => (await h.repo.listByStore(storeId)).length;

describe('POST customer (staff)', () => {
  it('when the owner creates a customer, then it answers 201 with the spec fields, lowercased, and publishes customer.created', async () => {
    const res = await h
      .http()
      .post('/api/customer')
      .set(h.auth('owner'))
      .send({ storeId: h.S1, fname: ' Mary ', lname: 'SMITH', email: 'Mary@Example.COM', phone: '(555) 123-4567', visited: 1 });
    expect(res.status).toBe(201);
    expect(res.body.customer).toMatchObject({
      storeId: h.S1,
      fname: 'mary',
      lname: 'smith',
      email: 'mary@example.com',
      phone: '5551234567',
      status: '',
      banned: false,
      fav_staffId: null,
      book_with_fav_staff: 0,
      visited: 1,
      color: null,
    });
    expect(typeof res.body.customer.id).toBe('number');
    expect(res.body.customer).toHaveProperty('created_at');
    const id = res.body.customer.id;
    await eventually(() => expect(h.eventsOf('customer.created').find((e) => (e.data as any).customerId === id)).toBeDefined());
  });

  it('when fname is blank, then 400 "Customer name cannot be empty" with field fname and nothing is written', async () => {
    const before = await countIn(h.S1);
    for (const fname of ['', '   ', undefined, null]) {
      const res = await h.http().post('/api/customer').set(h.auth('owner')).send({ storeId: h.S1, fname, lname: 'x' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Customer name cannot be empty', field: 'fname' });
    }
    expect(await countIn(h.S1)).toBe(before);
  });

  it.each([
    [{ storeId: 'abc', fname: 'a' }, 'storeId'],
    [{ fname: 'a' }, 'storeId'],
    [{ storeId: 1, fname: 'a', phone: '123' }, 'phone'],
    [{ storeId: 1, fname: 'a', email: 'not-an-email' }, 'email'],
    [{ storeId: 1, fname: 'a', book_with_fav_staff: 2 }, 'book_with_fav_staff'],
    [{ storeId: 1, fname: 'a', fav_staffId: 'x' }, 'fav_staffId'],
    [{ storeId: 1, fname: 'a', visited: -1 }, 'visited'],
    [{ storeId: 1, fname: 'a'.repeat(101).slice(0, 101) }, 'fname'],
    [{ storeId: 1, fname: 'a', color: 'red;' }, 'color'],
  ])('when the body is %j, then 400 naming %s and nothing is written', async (given, field) => {
    const body = given as Record<string, unknown>;
    const before = await countIn(h.S1);
    const res = await h.http().post('/api/customer').set(h.auth('owner')).send({ ...body, storeId: body.storeId === 1 ? h.S1 : body.storeId });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(await countIn(h.S1)).toBe(before);
  });

  it('when the favourite staff is not current staff of the store, then 400 fav_staffId', async () => {
    for (const fav of [STAFF.other, STAFF.archived, 424242]) {
      const res = await h.http().post('/api/customer').set(h.auth('owner')).send({ storeId: h.S1, fname: 'a', fav_staffId: fav });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('fav_staffId');
    }
  });

  it('when the favourite is a staff member without a sign-in account (in no membership, known from the staff event), then it is accepted', async () => {
    const noAccount = 10020;
    await h.staffUpdated(noAccount, 'Kim');
    await eventually(async () => {
      const res = await h.http().post('/api/customer').set(h.auth('owner')).send({ storeId: h.S1, fname: 'kim fan', fav_staffId: noAccount, book_with_fav_staff: 1 });
      expect([res.status, res.body.customer?.fav_staffId]).toEqual([201, noAccount]);
    });
  });

  it('when fav_staffId is 0, then it is stored as none (null)', async () => {
    const c = await h.create({ fname: 'zero', fav_staffId: 0, book_with_fav_staff: true });
    expect(c).toMatchObject({ fav_staffId: null, book_with_fav_staff: 1 });
  });

  it('when NATS cannot take the event right after the insert, then customer.created waits in the outbox and goes out later', async () => {
    // NATS refuses every publish for now (the insert publishes what it wrote without a flush).
    const spy = jest.spyOn(h.bus as unknown as { tryPublish: () => Promise<boolean> }, 'tryPublish').mockResolvedValue(false);
    let id: number;
    try {
      id = (await h.create({ fname: 'outbox' })).id;
      const waiting = await h.repo.Customer.db.collection('outbox').find({ 'envelope.data.customerId': id }).toArray();
      expect(waiting.map((i) => [i.envelope.type, i.from])).toEqual([['customer.created', { collection: 'customers', id }]]);
    } finally {
      spy.mockRestore();
    }
    await eventually(() => expect(h.eventsOf('customer.created').filter((e) => (e.data as any).customerId === id)).toHaveLength(1));
  });

  it('when the front desk (store login) creates a customer, then it is allowed like staff', async () => {
    const res = await h.http().post('/api/customer').set(h.auth('storeLogin')).send({ storeId: h.S1, fname: 'desk', phone: '5550009999' });
    expect(res.status).toBe(201);
    expect(res.body.customer.fname).toBe('desk');
  });

  it('when the front desk or plain staff create a customer with notes (status), then 403; a manager may', async () => {
    for (const who of ['storeLogin', 'staff'] as const) {
      const res = await h.http().post('/api/customer').set(h.auth(who)).send({ storeId: h.S1, fname: 'noted', phone: '5550009998', status: 'banned' });
      expect([who, res.status]).toEqual([who, 403]);
    }
    expect(await h.repo.findByPhone(h.S1, '5550009998')).toEqual([]);
    const admin = await h.http().post('/api/customer').set(h.auth('admin')).send({ storeId: h.S1, fname: 'noted', phone: '5550009998', status: 'banned' });
    expect([admin.status, admin.body.customer.status]).toEqual([201, 'banned']);
  });

  it('when the kiosk creates a customer for a walk-in, then it finds or creates by phone and name and answers the id alone', async () => {
    const existing = await h.create({ fname: 'Known', lname: 'Walker', phone: '5550009997', email: 'known@x.io', status: 'vip' });
    const found = await h.http().post('/api/customer').set(h.auth('kiosk')).send({ storeId: h.S1, fname: 'Known', lname: 'Walker', phone: '5550009997' });
    expect([found.status, found.body]).toEqual([200, { customer: { id: existing.id } }]);
    const made = await h.http().post('/api/customer').set(h.auth('kiosk')).send({ storeId: h.S1, fname: 'Walk', lname: 'In', phone: '5550009996', status: 'vip' });
    expect(made.status).toBe(201);
    expect(Object.keys(made.body.customer)).toEqual(['id']);
    expect(await h.repo.findById(made.body.customer.id)).toMatchObject({ fname: 'walk', status: '', accountId: null });
  });

  it('when the store is unknown, then 404 for everyone', async () => {
    const res = await h.http().post('/api/customer').set(h.auth('owner')).send({ storeId: 999, fname: 'a', phone: '5551112222' });
    expect(res.status).toBe(404);
    const anon = await h.http().post('/api/customer').send({ storeId: 999, fname: 'a', phone: '5551112222' });
    expect(anon.status).toBe(404);
  });

  const createExpect: Expect = {
    owner: 201, admin: 201, superadmin: 201, staff: 201, limited: 403,
    // Outside the store: the public booking path (create-or-return by phone, id only).
    otherStore: [200, 201], customer: [200, 201], none: [200, 201],
  };
  it.each(ROLES)('access: when %s creates a customer, then the status matches the policy', async (role) => {
    // Outsiders book with the phone of their own account (a guest names the account just registered).
    const own = role === 'customer' ? { phone: PHONES.customer } : role === 'otherStore' ? { phone: PHONES.otherOwner } : role === 'none' ? { phone: '5557770000', userId: h.guest('5557770000') } : { phone: '5557770000' };
    const res = await h.http().post('/api/customer').set(h.auth(role)).send({ storeId: h.S1, fname: `by ${role}`, ...own });
    expect([createExpect[role]].flat()).toContain(res.status);
    if (['otherStore', 'customer', 'none'].includes(role)) expect(Object.keys(res.body.customer)).toEqual(['id']);
  });
});

describe('GET customer/{id}', () => {
  it('when a member reads a customer, then the spec fields come back, banned computed from the notes', async () => {
    const c = await h.create({ fname: 'Bob', lname: 'Banned', phone: '5552223333', status: 'Rude. BANNED since May' });
    const res = await h.http().get(`/api/customer/${c.id}`).set(h.auth('staff'));
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({ id: c.id, fname: 'bob', lname: 'banned', phone: '5552223333', status: 'Rude. BANNED since May', banned: true });
  });

  it('when the favourite staff name is known, then userFname is answered; otherwise it is left out', async () => {
    const c = await h.create({ fname: 'fan', fav_staffId: STAFF.staff, book_with_fav_staff: 1 });
    let res = await h.http().get(`/api/customer/${c.id}`).set(h.auth('owner'));
    expect(res.body.customer.userFname).toBeUndefined();
    await h.staffUpdated(STAFF.staff, 'Linh');
    await eventually(async () => {
      res = await h.http().get(`/api/customer/${c.id}`).set(h.auth('owner'));
      expect(res.body.customer).toMatchObject({ fav_staffId: STAFF.staff, book_with_fav_staff: 1, userFname: 'Linh' });
    });
  });

  it('when the id is not a number, then 400 naming id; when unknown, then 404', async () => {
    expect((await h.http().get('/api/customer/abc').set(h.auth('owner'))).body.field).toBe('id');
    expect((await h.http().get('/api/customer/987654').set(h.auth('owner'))).status).toBe(404);
  });

  it.each(ROLES)('access: when %s reads a customer of store 1, then the status matches storeNotLimited', async (role) => {
    const c = await h.create({ fname: 'read' });
    const res = await h.http().get(`/api/customer/${c.id}`).set(h.auth(role));
    expect(res.status).toBe(NOT_LIMITED_READ[role]);
    if (res.status !== 200) expect(res.body.customer).toBeUndefined();
  });
});

describe('PATCH customer/{id}', () => {
  it('when the owner edits a customer, then fields are lowercased, the answer is current and customer.updated is published', async () => {
    const c = await h.create({ fname: 'old', lname: 'name', phone: '5553334444' });
    const res = await h
      .http()
      .patch(`/api/customer/${c.id}`)
      .set(h.auth('owner'))
      .send({ fname: 'New', lname: 'NAME', email: 'New@X.io', phone: '555-333-5555', status: 'likes red', fav_staffId: STAFF.admin, book_with_fav_staff: 1 });
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({ id: c.id, fname: 'new', lname: 'name', email: 'new@x.io', phone: '5553335555', status: 'likes red', fav_staffId: STAFF.admin, book_with_fav_staff: 1 });
    const got = await h.http().get(`/api/customer/${c.id}`).set(h.auth('owner'));
    expect(got.body.customer).toMatchObject({ fname: 'new', phone: '5553335555' });
    await eventually(() =>
      expect(h.eventsOf('customer.updated').find((e) => (e.data as any).customerId === c.id)?.data).toMatchObject({
        customerId: c.id, storeId: h.S1, fname: 'new', lname: 'name', phone: '5553335555', email: 'new@x.io', status: 'likes red',
      }),
    );
  });

  it('when email, phone or favourite are cleared, then they become null', async () => {
    const c = await h.create({ fname: 'c', email: 'c@x.io', phone: '5554445555', fav_staffId: STAFF.staff });
    const res = await h.http().patch(`/api/customer/${c.id}`).set(h.auth('owner')).send({ email: '', phone: '', fav_staffId: 0 });
    expect(res.body.customer).toMatchObject({ email: null, phone: null, fav_staffId: null });
  });

  it.each([
    ['fname', { fname: '  ' }, 'Customer name cannot be empty'],
    ['phone', { phone: '12' }, undefined],
    ['email', { email: 'x@' }, undefined],
    ['book_with_fav_staff', { book_with_fav_staff: 'yes' }, undefined],
    ['fav_staffId', { fav_staffId: STAFF.other }, undefined],
    ['status', { status: 'x'.repeat(1001) }, undefined],
  ])('when %s is bad, then 400 naming it and nothing changes', async (field, body, message) => {
    const c = await h.create({ fname: 'keep', phone: '5556667777' });
    const res = await h.http().patch(`/api/customer/${c.id}`).set(h.auth('owner')).send(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    if (message) expect(res.body.message).toBe(message);
    const got = await h.repo.findById(c.id);
    expect(got).toMatchObject({ fname: 'keep', phone: '5556667777', status: '' });
  });

  // Editing a customer needs the store owner (002 §5, /customers/edit), as deleting and merging do.
  const patchExpect: Expect = { owner: 200, admin: 403, superadmin: 403, limited: 403, staff: 403, otherStore: 403, customer: 403, none: 401 };
  it.each(ROLES)('access: when %s edits a customer of store 1, then the status matches the policy and nothing changes when refused', async (role) => {
    const c = await h.create({ fname: 'orig' });
    const res = await h.http().patch(`/api/customer/${c.id}`).set(h.auth(role)).send({ status: 'banned' });
    expect(res.status).toBe(patchExpect[role]);
    expect((await h.repo.findById(c.id))?.status).toBe(res.status === 200 ? 'banned' : '');
  });

  it('access: neither the platform super admin nor the store login may edit', async () => {
    const c = await h.create({ fname: 'p' });
    expect((await h.http().patch(`/api/customer/${c.id}`).set(h.auth('platform')).send({ status: 'x' })).status).toBe(403);
    expect((await h.http().patch(`/api/customer/${c.id}`).set(h.auth('storeLogin')).send({ status: 'y' })).status).toBe(403);
  });
});

describe('DELETE customer/{id}', () => {
  it('when the owner deletes a customer, then it is gone and customer.deleted is published', async () => {
    const c = await h.create({ fname: 'gone' });
    const res = await h.http().delete(`/api/customer/${c.id}`).set(h.auth('owner'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await h.http().get(`/api/customer/${c.id}`).set(h.auth('owner'))).status).toBe(404);
    await eventually(() => expect(h.eventsOf('customer.deleted').find((e) => (e.data as any).customerId === c.id)?.data).toEqual({ customerId: c.id, storeId: h.S1 }));
  });

  it('when the id is bad, then 400 naming id', async () => {
    expect((await h.http().delete('/api/customer/-1').set(h.auth('owner'))).body.field).toBe('id');
  });

  const deleteExpect: Expect = { owner: 200, admin: 403, superadmin: 403, limited: 403, staff: 403, otherStore: 403, customer: 403, none: 401 };
  it.each(ROLES)('access: when %s deletes a customer of store 1, then the status matches storeOwner', async (role) => {
    const c = await h.create({ fname: 'del' });
    const res = await h.http().delete(`/api/customer/${c.id}`).set(h.auth(role));
    expect(res.status).toBe(deleteExpect[role]);
    expect(!!(await h.repo.findById(c.id))).toBe(res.status !== 200);
  });
});

describe('GET getCustomersByStoreId/{storeId}', () => {
  it('when a member lists the store, then only that store\'s customers come back', async () => {
    const mine = await h.create({ fname: 'mine' });
    const theirs = await h.create({ fname: 'theirs' }, h.S2);
    const res = await h.http().get(`/api/getCustomersByStoreId/${h.S1}`).set(h.auth('staff'));
    expect(res.status).toBe(200);
    const ids = res.body.customers.map((c: { id: number }) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(res.body.customers.every((c: { storeId: number }) => c.storeId === h.S1)).toBe(true);
  });

  it('when the store id is bad, then 400 naming storeId', async () => {
    const res = await h.http().get('/api/getCustomersByStoreId/x').set(h.auth('owner'));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('storeId');
  });

  it.each(ROLES)('access: when %s lists store 1, then the status matches storeNotLimited', async (role) => {
    const res = await h.http().get(`/api/getCustomersByStoreId/${h.S1}`).set(h.auth(role));
    expect(res.status).toBe(NOT_LIMITED_READ[role]);
    if (res.status !== 200) expect(res.body.customers).toBeUndefined();
  });
});
