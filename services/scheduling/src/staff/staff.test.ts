import { collect } from '../test/events';
import { count, ROLES, startWorld, type Role, type World } from '../test/world';

let w: World;
let target: number; // a no-account staff member the access tests act on
let otherStaff: number; // staff of the other store
beforeAll(async () => {
  w = await startWorld();
  target = (await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Target', storeId: w.store.id }).expect(201)).body.employee.id;
  w.identity.addUser({ id: w.ids.other + 50, email: 'elsewhere@example.com' });
  otherStaff = (await w.as('other').post('/api/staff', { hasAccount: 'hasAccount', email: 'elsewhere@example.com', storeId: w.otherStore.id }).expect(201)).body.employee.id;
}, 60_000);
afterAll(async () => w?.stop());

const newUser = (n: number, over: object = {}) => w.identity.addUser({ id: w.ids.owner + 100 + n, email: `new${n}-${w.ids.owner}@example.com`, fname: 'jane', lname: 'doe', phone: '2155550111', profile_image: '/p/jane.png', ...over });

describe('staff', () => {
  it('when the owner adds a user by email, then the employee carries the user\'s details, an id from 10000 and a membership event', async () => {
    const user = newUser(1);
    const events = collect<{ storeId: number; members: Array<{ userId: number }> }>(w.svc.bus.connection, `evt.store.${w.store.id}.membership_changed`);
    const res = await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: user.email.toUpperCase(), userId: w.ids.owner, storeId: w.store.id, PIN: '1234' }).expect(201);
    const e = res.body.employee;
    expect(e).toEqual({
      id: expect.any(Number), userId: user.id, storeId: w.store.id, fname: 'jane', lname: 'doe', nickname: 'jane',
      email: user.email, phone: '2155550111', url: '/p/jane.png', role: 'staff', online_booking: 'ON', dayOff: '',
      sortIndex: expect.any(Number), color: '#00bcd4', profile_image: '/p/jane.png', archived: false, hasPIN: true,
    });
    expect(e.id).toBeGreaterThanOrEqual(10000);
    const snap = await events.waitFor((d) => d.members.some((m) => m.userId === user.id));
    events.stop();
    expect(snap).toMatchObject({ storeId: w.store.id, ownerId: w.ids.owner, status: 'ON' });
    expect(snap.members).toContainEqual({ userId: user.id, staffId: e.id, role: 'staff', archived: false });
    expect(snap.members.map((m) => m.userId)).toEqual(expect.arrayContaining([w.ids.admin, w.ids.superadmin, w.ids.limited, w.ids.staff]));
    // Applied to our own read model at once: the new staff member can read the store right away.
    await w.as(w.svc.keys.user(user.id)).get(`/api/getStaffsByStoreId/${w.store.id}`).expect(200);
    const doc = await w.svc.db.collection('employees').findOne({ _id: e.id } as never);
    expect(doc?.pinHash).toMatch(/^\$argon2/);
  });

  it("when the same user is added again, then it answers 409 'employee existed' and adds nothing", async () => {
    const before = await count(w, 'employees');
    const res = await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: `admin-${w.ids.admin}@example.com`, storeId: w.store.id }).expect(409);
    expect(res.body.message).toBe('employee existed');
    expect(await count(w, 'employees')).toBe(before);
  });

  it('when two adds of one user race, then exactly one employee is made', async () => {
    const user = newUser(2);
    const results = await Promise.all([1, 2, 3].map(() => w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: user.email, storeId: w.store.id })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await count(w, 'employees', { userId: user.id, storeId: w.store.id })).toBe(1);
  });

  it('when the email has no account, then it answers 404 and adds nothing', async () => {
    const before = await count(w, 'employees');
    const res = await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: 'nobody@example.com', storeId: w.store.id }).expect(404);
    expect(res.body.message).toBe('No account with this email');
    expect(await count(w, 'employees')).toBe(before);
  });

  it('when the owner adds staff without an account, then they get a staff id but are not a member', async () => {
    const res = await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Kim', username: 'kim@nowhere.com', color: '#AABBCC', PIN: '4321', storeId: w.store.id }).expect(201);
    expect(res.body.employee).toMatchObject({ userId: null, nickname: 'Kim', fname: 'kim', email: 'kim@nowhere.com', color: '#aabbcc', role: 'staff', hasPIN: true });
    const local = await w.svc.memberships.model.findById(w.store.id).lean();
    expect(local!.members.map((m) => m.staffId)).not.toContain(res.body.employee.id);
  });

  it("when the no-account email already has an account, then it answers 409 'has account'", async () => {
    const before = await count(w, 'employees');
    const res = await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Dup', username: `staff-${w.ids.staff}@example.com`, storeId: w.store.id }).expect(409);
    expect(res.body.message).toBe('has account');
    expect(await count(w, 'employees')).toBe(before);
  });

  it.each([
    ['hasAccount', { hasAccount: 'maybe' }, ''],
    ['hasAccount', {}, ''],
    ['email', { hasAccount: 'hasAccount', email: 'nope' }, ''],
    ['nickname', { hasAccount: 'noAccount', nickname: '' }, 'Please fill out your info'],
    ['nickname', { hasAccount: 'noAccount' }, 'Please fill out your info'],
    ['PIN', { hasAccount: 'noAccount', nickname: 'x', PIN: '12' }, ''],
    ['storeId', { hasAccount: 'noAccount', nickname: 'x', storeId: 'abc' }, ''],
  ])('when adding with a bad %s, then it answers 400 naming it and adds nothing', async (field, body, message) => {
    const before = await count(w, 'employees');
    const res = await w.as('owner').post('/api/staff', { storeId: w.store.id, ...body }).expect(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toContain(`${field}: ${message}`);
    expect(await count(w, 'employees')).toBe(before);
  });

  it('when staff are listed, then they come in sort order with the spec fields and never a PIN hash', async () => {
    await w.as('owner').post(`/api/updateEmployeeSortIndex/${w.staffIds.staff}`, { sortIndex: 0 }).expect(200);
    await w.as('owner').post(`/api/updateEmployeeSortIndex/${w.staffIds.admin}`, { sortIndex: 1 }).expect(200);
    const list = (await w.as('limited').get(`/api/getStaffsByStoreId/${w.store.id}`).expect(200)).body.employees;
    const ids = list.map((e: { id: number }) => e.id);
    expect(ids.indexOf(w.staffIds.staff)).toBeLessThan(ids.indexOf(w.staffIds.admin));
    expect(list.every((e: object) => !('pinHash' in e))).toBe(true);
    expect(list.every((e: { storeId: number }) => e.storeId === w.store.id)).toBe(true);
    const pub = (await w.as(null).get(`/api/public_getStaffsByStoreId/${w.store.id}`).expect(200)).body.employees;
    expect(pub.length).toBe(list.length);
    expect(pub[0]).not.toHaveProperty('email');
    expect(pub[0]).not.toHaveProperty('phone');
    expect(pub[0]).not.toHaveProperty('userId');
    const byUser = (await w.as('owner').get(`/api/getStaffsByUserId/${w.ids.admin}/${w.store.id}`).expect(200)).body.employees;
    expect(byUser).toEqual([expect.objectContaining({ id: w.staffIds.admin, role: 'admin' })]);
    const one = (await w.as('staff').get(`/api/getStaffsByEmployeeId/${w.staffIds.admin}`).expect(200)).body.employees;
    expect(one).toEqual([expect.objectContaining({ id: w.staffIds.admin, fname: 'admin' })]);
  });

  it('when a staff member is archived, then they leave the list and lose access; restoring brings both back', async () => {
    await w.as('owner').get(`/api/removeEmployee/${w.staffIds.staff}`).expect(200);
    await w.as('staff').get(`/api/getStaffsByStoreId/${w.store.id}`).expect(403);
    const list = (await w.as('owner').get(`/api/getStaffsByStoreId/${w.store.id}`).expect(200)).body.employees;
    expect(list.map((e: { id: number }) => e.id)).not.toContain(w.staffIds.staff);
    const archived = (await w.as('owner').get(`/api/getStaffsArchiveByStoreId/${w.store.id}`).expect(200)).body.employees;
    expect(archived).toEqual([expect.objectContaining({ id: w.staffIds.staff, archived: true })]);
    const local = await w.svc.memberships.model.findById(w.store.id).lean();
    expect(local!.members).toContainEqual({ userId: w.ids.staff, staffId: w.staffIds.staff, role: 'staff', archived: true });

    await w.as('owner').get(`/api/restoreEmployee/${w.staffIds.staff}`).expect(200);
    await w.as('staff').get(`/api/getStaffsByStoreId/${w.store.id}`).expect(200);
    expect((await w.as('owner').get(`/api/getStaffsArchiveByStoreId/${w.store.id}`).expect(200)).body.employees).toEqual([]);
  });

  it('when the role changes, then the membership event carries it and access follows', async () => {
    const events = collect<{ members: Array<{ staffId: number; role: string }> }>(w.svc.bus.connection, `evt.store.${w.store.id}.membership_changed`);
    await w.as('owner').post(`/api/updateEmployeeRole/${w.staffIds.staff}`, { role: 'admin' }).expect(200);
    const snap = await events.waitFor((d) => d.members.some((m) => m.staffId === w.staffIds.staff && m.role === 'admin'));
    expect(snap.members).toContainEqual(expect.objectContaining({ staffId: w.staffIds.staff, role: 'admin' }));
    // now an admin: may edit schedules
    await w.as('staff').post(`/api/updateEmployeeSchedule/${w.staffIds.limited}`, { dayOff: 'sun' }).expect(200);
    await w.as('owner').post(`/api/updateEmployeeRole/${w.staffIds.staff}`, { role: 'staff' }).expect(200);
    await w.as('staff').post(`/api/updateEmployeeSchedule/${w.staffIds.limited}`, { dayOff: 'sun' }).expect(403);
    events.stop();
  });

  it('when online booking and the weekly schedule change, then the employee shows them normalised', async () => {
    const ob = await w.as('owner').post(`/api/updateEmployeeOnlineBooking/${target}`, { online_booking: 'OFF' }).expect(200);
    expect(ob.body.employee.online_booking).toBe('OFF');
    const sc = await w.as('admin').post(`/api/updateEmployeeSchedule/${target}`, { dayOff: 'SUN mon' }).expect(200);
    expect(sc.body.employee.dayOff).toBe('mon sun');
  });

  it('when the PIN is changed, then the old one must match', async () => {
    const id = (await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Pinny', PIN: '1111', storeId: w.store.id }).expect(201)).body.employee.id;
    const wrong = await w.as('owner').post(`/api/updateEmployeePIN/${id}`, { oldPIN: '9999', newPIN: '2222', storeId: w.store.id }).expect(400);
    expect(wrong.body).toMatchObject({ field: 'oldPIN', message: "PIN didn't match" });
    await w.as('owner').post(`/api/updateEmployeePIN/${id}`, { oldPIN: '1111', newPIN: '2222', storeId: w.store.id }).expect(200, { success: true });
    await w.as('owner').post(`/api/updateEmployeePIN/${id}`, { oldPIN: '1111', newPIN: '3333', storeId: w.store.id }).expect(400);
    await w.as('owner').post(`/api/updateEmployeePIN/${id}`, { oldPIN: '2222', newPIN: '3333', storeId: w.store.id }).expect(200);
    // staff without a PIN yet may set one with no old PIN
    await w.as('owner').post(`/api/updateEmployeePIN/${target}`, { newPIN: '5555', storeId: w.store.id }).expect(200);
    // the body's store must be the staff member's store
    await w.as('owner').post(`/api/updateEmployeePIN/${target}`, { oldPIN: '5555', newPIN: '6666', storeId: w.otherStore.id }).expect(404);
  });

  it.each([
    ['updateEmployeeRole', 'role', { role: 'boss' }],
    ['updateEmployeeOnlineBooking', 'online_booking', { online_booking: 'YES' }],
    ['updateEmployeeSchedule', 'dayOff', { dayOff: 'monday' }],
    ['updateEmployeeSortIndex', 'sortIndex', { sortIndex: -1 }],
    ['updateEmployeePIN', 'newPIN', { oldPIN: '', newPIN: 'abcd', storeId: 1 }],
    ['updateEmployeePIN', 'storeId', { newPIN: '1234' }],
  ])('when %s gets a bad %s, then it answers 400 naming it and nothing changes', async (call, field, body) => {
    const before = await w.svc.db.collection('employees').findOne({ _id: target } as never);
    const res = await w.as('owner').post(`/api/${call}/${target}`, body).expect(400);
    expect(res.body.field).toBe(field);
    expect(await w.svc.db.collection('employees').findOne({ _id: target } as never)).toEqual(before);
  });

  it('when identity publishes user.updated, then the staff record shows the new details', async () => {
    const user = newUser(3);
    const e = (await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: user.email, storeId: w.store.id }).expect(201)).body.employee;
    await w.svc.bus.publishDurably(w.svc.bus.event('user.updated', 'global', {
      userId: user.id, fname: 'janet', lname: 'smith', email: 'janet@example.com', phone: '2155550999', color: '#123456', profile_image: '/p/janet.png', role: 'professional',
    }));
    const until = Date.now() + 10_000;
    let got: Record<string, unknown> = {};
    while (Date.now() < until) {
      got = (await w.as('owner').get(`/api/getStaffsByEmployeeId/${e.id}`).expect(200)).body.employees[0];
      if (got.fname === 'janet') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(got).toMatchObject({ fname: 'janet', lname: 'smith', email: 'janet@example.com', phone: '2155550999', color: '#123456', url: '/p/janet.png', profile_image: '/p/janet.png' });
  });

  describe('access (doc 002 §6: the owner manages staff; owner or admin the schedule)', () => {
    const member = { owner: 200, admin: 200, superadmin: 200, limited: 200, staff: 200, other: 403, customer: 403, none: 401 };
    const ownerOnly = { owner: 200, admin: 403, superadmin: 403, limited: 403, staff: 403, other: 403, customer: 403, none: 401 };
    const ownerOrAdmin = { ...ownerOnly, admin: 200 };
    const everyone = { owner: 200, admin: 200, superadmin: 200, limited: 200, staff: 200, other: 200, customer: 200, none: 200 };
    const table: Array<[string, Record<Role, number>, (r: Role) => Promise<{ status: number }>]> = [
      ['POST staff', { ...ownerOnly, owner: 201 }, (r) => w.as(r).post('/api/staff', { hasAccount: 'noAccount', nickname: `by ${r}`, storeId: w.store.id })],
      ['GET getStaffsByStoreId', member, (r) => w.as(r).get(`/api/getStaffsByStoreId/${w.store.id}`)],
      ['GET getStaffsByUserId', member, (r) => w.as(r).get(`/api/getStaffsByUserId/${w.ids.admin}/${w.store.id}`)],
      ['GET getStaffsByEmployeeId', member, (r) => w.as(r).get(`/api/getStaffsByEmployeeId/${target}`)],
      ['GET getStaffsArchiveByStoreId', ownerOnly, (r) => w.as(r).get(`/api/getStaffsArchiveByStoreId/${w.store.id}`)],
      ['GET public_getStaffsByStoreId', everyone, (r) => w.as(r).get(`/api/public_getStaffsByStoreId/${w.store.id}`)],
      ['POST updateEmployeeSortIndex', ownerOnly, (r) => w.as(r).post(`/api/updateEmployeeSortIndex/${target}`, { sortIndex: 9 })],
      ['GET removeEmployee', ownerOnly, (r) => w.as(r).get(`/api/removeEmployee/${target}`)],
      ['GET restoreEmployee', ownerOnly, (r) => w.as(r).get(`/api/restoreEmployee/${target}`)],
      ['POST updateEmployeeRole', ownerOnly, (r) => w.as(r).post(`/api/updateEmployeeRole/${target}`, { role: 'staff' })],
      ['POST updateEmployeeOnlineBooking', ownerOnly, (r) => w.as(r).post(`/api/updateEmployeeOnlineBooking/${target}`, { online_booking: 'ON' })],
      ['POST updateEmployeePIN', ownerOnly, (r) => w.as(r).post(`/api/updateEmployeePIN/${target}`, { oldPIN: '7777', newPIN: '7777', storeId: w.store.id })],
      ['POST updateEmployeeSchedule', ownerOrAdmin, (r) => w.as(r).post(`/api/updateEmployeeSchedule/${target}`, { dayOff: 'mon' })],
    ];
    beforeAll(async () => {
      await w.as('owner').post(`/api/updateEmployeePIN/${target}`, { oldPIN: '5555', newPIN: '7777', storeId: w.store.id }).expect(200);
    });
    it.each(table)('when %s is called by each role, then only the allowed ones pass', async (_name, expected, call) => {
      const got: Record<string, number> = {};
      for (const r of ROLES) got[r] = (await call(r)).status;
      expect(got).toEqual(expected);
    });

    it("when our owner uses another store's staff id, then no data comes back and nothing changes", async () => {
      const read = await w.as('owner').get(`/api/getStaffsByEmployeeId/${otherStaff}`);
      expect(read.status).toBe(403);
      expect(read.body).not.toHaveProperty('employees');
      await w.as('owner').get(`/api/removeEmployee/${otherStaff}`).expect(403);
      await w.as('owner').post(`/api/updateEmployeeRole/${otherStaff}`, { role: 'none' }).expect(403);
      await w.as('owner').get(`/api/getStaffsArchiveByStoreId/${w.otherStore.id}`).expect(403);
      await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'sneaky', storeId: w.otherStore.id }).expect(403);
      expect(await w.svc.db.collection('employees').findOne({ _id: otherStaff } as never)).toMatchObject({ role: 'staff', archived: false });
      await w.as('owner').get('/api/getStaffsByEmployeeId/8888').expect(404);
    });
  });
});
