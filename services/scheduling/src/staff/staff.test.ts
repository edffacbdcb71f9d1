import { ERROR_CODE_HEADER, MESSAGES } from '@turnbook/contracts';
import { collect, dyingAfterInsert } from '../test/events';
import { count, ROLES, startWorld, type Role, type World } from '../test/world';

let w: World;
let target: number; // a no-account staff member the access tests act on
let otherStaff: number; // staff of the other store
beforeAll(async () => {
  w = await startWorld();
  target = (await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Target', storeId: w.store.id }).expect(201)).body.employee.id;
  w.identity.addUser({ id: w.ids.other + 50, email: 'elsewhere@example.com' });
  otherStaff = (await w.joinByInvitation('other', w.otherStore.id, 'elsewhere@example.com', w.svc.keys.user(w.ids.other + 50))).id;
}, 60_000);
afterAll(async () => w?.stop());

const newUser = (n: number, over: object = {}) => w.identity.addUser({ id: w.ids.owner + 100 + n, email: `new${n}-${w.ids.owner}@example.com`, fname: 'jane', lname: 'doe', phone: '2155550111', profile_image: '/p/jane.png', ...over });

describe('staff', () => {
  it("when the owner adds a user by email, then the answer says an invitation was sent and nothing about the person, and they are not staff until they accept", async () => {
    const user = newUser(1);
    const invited = collect<{ invitationId: string; email: string; acceptUrl: string }>(w.svc.bus.connection, `evt.staff.${w.store.id}.invited`);
    const before = await count(w, 'employees');
    const res = await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: user.email.toUpperCase(), storeId: w.store.id, PIN: '1234' }).expect(201);
    expect(res.body).toEqual({ invitation: { id: expect.any(String), storeId: w.store.id, status: 'pending' } });
    for (const secret of [user.email, 'jane', 'doe', '2155550111', '/p/jane.png']) expect(JSON.stringify(res.body)).not.toContain(secret);
    expect(await count(w, 'employees')).toBe(before);
    await w.as(w.svc.keys.user(user.id)).get(`/api/getStaffsByStoreId/${w.store.id}`).expect(403);

    // messaging mails the link; the event carries no secret (accepting needs the invited email's sign-in)
    const evt = await invited.waitFor((d) => d.invitationId === res.body.invitation.id);
    invited.stop();
    expect(evt).toMatchObject({ email: user.email, storeName: 'nail studio', acceptUrl: `http://localhost:8080/staff-invitation/${res.body.invitation.id}` });

    // the owner's staff list shows it pending
    const pending = (await w.as('owner').get(`/api/staff-invitations/${w.store.id}`).expect(200)).body.invitations;
    expect(pending).toContainEqual(expect.objectContaining({ id: res.body.invitation.id, email: user.email, status: 'pending' }));
    await w.as('admin').get(`/api/staff-invitations/${w.store.id}`).expect(403);
  });

  it("when the invited person accepts while signed in, then they become staff with their own details and the owner's PIN, and a membership event follows", async () => {
    const user = newUser(14);
    const events = collect<{ storeId: number; members: Array<{ userId: number }> }>(w.svc.bus.connection, `evt.store.${w.store.id}.membership_changed`);
    const id = (await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: user.email, storeId: w.store.id, PIN: '1234' }).expect(201)).body.invitation.id;
    const me = w.svc.keys.user(user.id);
    expect((await w.as(me).get(`/api/staff-invitation/${id}`).expect(200)).body.invitation).toMatchObject({ id, storeId: w.store.id, storeName: 'nail studio', status: 'pending' });
    const e = (await w.as(me).post(`/api/staff-invitation/${id}/accept`).expect(200)).body.employee;
    expect(e).toEqual({
      id: expect.any(Number), userId: user.id, storeId: w.store.id, fname: 'jane', lname: 'doe', nickname: 'jane',
      email: user.email, phone: '2155550111', url: '/p/jane.png', role: 'staff', online_booking: 'ON', dayOff: '',
      sortIndex: expect.any(Number), color: '#00bcd4', profile_image: '/p/jane.png', archived: false, hasPIN: true,
    });
    expect(e.id).toBeGreaterThanOrEqual(10000);
    const snap = await events.waitFor((d) => d.members.some((m) => m.userId === user.id));
    events.stop();
    expect(snap.members).toContainEqual({ userId: user.id, staffId: e.id, role: 'staff', archived: false });
    // Applied to our own read model at once: the new staff member can read the store right away.
    await w.as(me).get(`/api/getStaffsByStoreId/${w.store.id}`).expect(200);
    // No longer pending; the link now says so.
    const pending = (await w.as('owner').get(`/api/staff-invitations/${w.store.id}`).expect(200)).body.invitations;
    expect(pending.map((i: { id: string }) => i.id)).not.toContain(id);
    expect((await w.as(me).get(`/api/staff-invitation/${id}`).expect(200)).body.invitation.status).toBe('accepted');
    const again = await w.as(me).post(`/api/staff-invitation/${id}/accept`).expect(409);
    expect(again.body).toMatchObject({ code: 'invitationClosed', message: MESSAGES.invitationClosed });
  });

  it('when someone else opens or accepts the invitation, then it is refused and nobody is added', async () => {
    const user = newUser(15);
    const id = (await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: user.email, storeId: w.store.id }).expect(201)).body.invitation.id;
    const before = await count(w, 'employees');
    for (const who of ['customer', 'other', 'admin'] as const) {
      const res = await w.as(who).post(`/api/staff-invitation/${id}/accept`).expect(403);
      expect(res.body).toMatchObject({ code: 'invitationNotForYou', message: MESSAGES.invitationNotForYou });
      await w.as(who).get(`/api/staff-invitation/${id}`).expect(403);
    }
    await w.as(w.svc.keys.store(w.store.id)).post(`/api/staff-invitation/${id}/accept`).expect(403);
    await w.as(null).post(`/api/staff-invitation/${id}/accept`).expect(401);
    await w.as('customer').get('/api/staff-invitation/not-an-id').expect(400);
    expect(await count(w, 'employees')).toBe(before);
  });

  it('when the invitation id is unknown, then opening or accepting it is 404 invitation not found', async () => {
    const me = w.svc.keys.user(newUser(17).id);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await w.as(me).get(`/api/staff-invitation/${unknown}`).expect(404)).body).toMatchObject({ code: 'notFound', message: MESSAGES.invitationNotFound });
    expect((await w.as(me).post(`/api/staff-invitation/${unknown}/accept`).expect(404)).body).toMatchObject({ code: 'notFound', message: MESSAGES.invitationNotFound });
  });

  it('when the invitation is older than 7 days, then it can no longer be accepted', async () => {
    const user = newUser(16);
    const id = (await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: user.email, storeId: w.store.id }).expect(201)).body.invitation.id;
    await w.svc.db.collection('staff_invitations').updateOne({ _id: id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await w.as(w.svc.keys.user(user.id)).post(`/api/staff-invitation/${id}/accept`).expect(409);
    expect(res.body.code).toBe('invitationClosed');
  });

  it("when the same user is added again, then it answers 409 'employee existed' and adds nothing", async () => {
    const before = await count(w, 'employees');
    const res = await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: `admin-${w.ids.admin}@example.com`, storeId: w.store.id }).expect(409);
    // The spec's client reads the text; our screens read the code.
    expect(res.body).toBe(MESSAGES.employeeExisted);
    expect(res.headers[ERROR_CODE_HEADER]).toBe('employeeExisted');
    expect(await count(w, 'employees')).toBe(before);
  });

  it('when two accepts of one invitation race, then exactly one employee is made', async () => {
    const user = newUser(2);
    const id = (await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: user.email, storeId: w.store.id }).expect(201)).body.invitation.id;
    const me = w.svc.keys.user(user.id);
    const results = await Promise.all([1, 2, 3].map(() => w.as(me).post(`/api/staff-invitation/${id}/accept`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await count(w, 'employees', { userId: user.id, storeId: w.store.id })).toBe(1);
  });

  it('when the email has no account, then the answer is the same as for one that has (no enumeration) and an invitation goes to it', async () => {
    const before = await count(w, 'employees');
    const res = await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: 'nobody@example.com', storeId: w.store.id }).expect(201);
    expect(res.body).toEqual({ invitation: { id: expect.any(String), storeId: w.store.id, status: 'pending' } });
    expect(await count(w, 'employees')).toBe(before);
    // Once they register with that email, they can accept it.
    const joined = w.identity.addUser({ id: w.ids.owner + 190, email: 'nobody@example.com', fname: 'nora' });
    const e = (await w.as(w.svc.keys.user(joined.id)).post(`/api/staff-invitation/${res.body.invitation.id}/accept`).expect(200)).body.employee;
    expect(e).toMatchObject({ userId: joined.id, fname: 'nora', storeId: w.store.id });
  });

  it('when the same email is invited twice, then the live invitation is sent again rather than duplicated', async () => {
    const first = (await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: 'twice@example.com', storeId: w.store.id }).expect(201)).body.invitation.id;
    const second = (await w.as('owner').post('/api/staff', { hasAccount: 'hasAccount', email: 'Twice@Example.com', storeId: w.store.id }).expect(201)).body.invitation.id;
    expect(second).toBe(first);
    expect(await count(w, 'staff_invitations', { email: 'twice@example.com', storeId: w.store.id })).toBe(1);
  });

  it('when an owner adds staff over and over, then the add past the hourly limit is refused (429) and nothing is sent', async () => {
    // The world's own setup has its owner add 4 staff: a limit of 4 lets it through.
    const small = await startWorld({ STAFF_ADDS_PER_HOUR: '4' });
    try {
      const store = await small.createStore('other', { name: 'Busy Place' });
      for (let i = 0; i < 4; i++) await small.as('other').post('/api/staff', { hasAccount: 'hasAccount', email: `flood${i}@example.com`, storeId: store.id }).expect(201);
      const res = await small.as('other').post('/api/staff', { hasAccount: 'hasAccount', email: 'flood4@example.com', storeId: store.id }).expect(429);
      expect(res.body).toMatchObject({ code: 'rateLimited', message: MESSAGES.tooManyStaffAdds });
      expect(await count(small, 'staff_invitations', { email: 'flood4@example.com' })).toBe(0);
      await small.as('other').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Flood', storeId: store.id }).expect(429);
    } finally {
      await small.stop();
    }
  }, 60_000);

  it('when the owner adds staff without an account, then they get a staff id but are not a member', async () => {
    const res = await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Kim', username: 'kim@nowhere.com', color: '#AABBCC', PIN: '4321', storeId: w.store.id }).expect(201);
    expect(res.body.employee).toMatchObject({ userId: null, nickname: 'Kim', fname: 'kim', email: 'kim@nowhere.com', color: '#aabbcc', role: 'staff', hasPIN: true });
    const local = await w.svc.memberships.model.findById(w.store.id).lean();
    expect(local!.members.map((m) => m.staffId)).not.toContain(res.body.employee.id);
  });

  it("when the no-account email already has an account, then it answers 409 'has account'", async () => {
    const before = await count(w, 'employees');
    const res = await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Dup', username: `staff-${w.ids.staff}@example.com`, storeId: w.store.id }).expect(409);
    expect(res.body).toBe(MESSAGES.hasAccount);
    expect(res.headers[ERROR_CODE_HEADER]).toBe('hasAccount');
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

  it("when limited staff, plain staff or the front desk read the staff, then colleagues' email and phone are blank and their own are shown; the owner, admins and the super admin see all", async () => {
    const contact = (list: Array<{ id: number; email: string; phone: string }>, id: number) => {
      const e = list.find((x) => x.id === id)!;
      return { email: e.email, phone: e.phone };
    };
    const adminEmail = `admin-${w.ids.admin}@example.com`;
    const limitedEmail = `limited-${w.ids.limited}@example.com`;
    const byStore = async (who: string) => (await w.as(who).get(`/api/getStaffsByStoreId/${w.store.id}`).expect(200)).body.employees;
    for (const who of ['owner', 'admin', 'superadmin', w.svc.keys.superAdmin()]) {
      expect(contact(await byStore(who), w.staffIds.admin).email).toBe(adminEmail);
    }
    for (const who of ['limited', 'staff', w.svc.keys.store(w.store.id)]) {
      const list = await byStore(who);
      expect(list.length).toBeGreaterThan(1);
      const self = who === 'limited' || who === 'staff' ? w.ids[who] : null;
      for (const e of list.filter((x: { userId: number | null }) => x.userId !== self)) expect(contact(list, e.id)).toEqual({ email: '', phone: '' });
    }
    // each person sees their own
    expect(contact(await byStore('limited'), w.staffIds.limited).email).toBe(limitedEmail);
    // the other calls that answer a staff record are cut the same way
    const one = async (who: string, id: number) => (await w.as(who).get(`/api/getStaffsByEmployeeId/${id}`).expect(200)).body.employees;
    const byUser = async (who: string, userId: number) => (await w.as(who).get(`/api/getStaffsByUserId/${userId}/${w.store.id}`).expect(200)).body.employees;
    expect((await one('limited', w.staffIds.admin))[0].email).toBe('');
    expect((await one(w.svc.keys.store(w.store.id), w.staffIds.admin))[0].email).toBe('');
    expect((await byUser('staff', w.ids.admin))[0].email).toBe('');
    expect((await one('limited', w.staffIds.limited))[0].email).toBe(limitedEmail);
    expect((await byUser('limited', w.ids.limited))[0].email).toBe(limitedEmail);
    expect((await one('admin', w.staffIds.limited))[0].email).toBe(limitedEmail);
    expect((await byUser('owner', w.ids.limited))[0].email).toBe(limitedEmail);
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
    expect(wrong.body).toMatchObject({ field: 'oldPIN', message: MESSAGES.pinMismatch, code: 'pinMismatch' });
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
    const e = await w.joinByInvitation('owner', w.store.id, user.email, w.svc.keys.user(user.id));
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

  it('when the owner adds staff on the No path with an email and password, then identity makes their login and they are a member', async () => {
    const email = `kim-${w.ids.owner}@example.com`;
    const res = await w.as('owner').post('/api/staff', {
      hasAccount: 'noAccount', nickname: 'Kimmy', fname: 'Kim', lname: 'Lee', username: email, password: 'kims-secret', phone: '2155550142', storeId: w.store.id,
    }).expect(201);
    const e = res.body.employee;
    const account = w.identity.login(email, 'kims-secret');
    expect(account).toMatchObject({ email, fname: 'kim', lname: 'lee', phone: '2155550142' });
    expect(e).toMatchObject({ userId: account!.id, nickname: 'Kimmy', email, role: 'staff' });
    const local = await w.svc.memberships.model.findById(w.store.id).lean();
    expect(local!.members).toContainEqual({ userId: account!.id, staffId: e.id, role: 'staff', archived: false });
    // Signed in with that account, they can use the store.
    await w.as(w.svc.keys.user(account!.id)).get(`/api/getStaffsByStoreId/${w.store.id}`).expect(200);
  });

  it("when the No path's email already has an account, then it answers 'has account' with its code and no account or staff is made", async () => {
    const before = await count(w, 'employees');
    const res = await w.as('owner').post('/api/staff', {
      hasAccount: 'noAccount', nickname: 'Again', username: `staff-${w.ids.staff}@example.com`, password: 'whatever 2026', storeId: w.store.id,
    }).expect(409);
    expect(res.body).toBe(MESSAGES.hasAccount);
    expect(res.headers[ERROR_CODE_HEADER]).toBe('hasAccount');
    expect(await count(w, 'employees')).toBe(before);
    expect(w.identity.login(`staff-${w.ids.staff}@example.com`, 'whatever 2026')).toBeNull();
  });

  it('when a password comes without an email to sign in with, then it answers 400 on username and makes nothing', async () => {
    const calls = w.identity.calls.length;
    const res = await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'NoMail', password: 'long enough pw', storeId: w.store.id }).expect(400);
    expect(res.body.field).toBe('username');
    expect(w.identity.calls.slice(calls).some((c) => c.path === '/internal/staff-accounts')).toBe(false);
  });

  it('when the owner sets a new PIN without the old one, then the forgotten PIN is replaced', async () => {
    const id = (await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Forgetful', PIN: '4444', storeId: w.store.id }).expect(201)).body.employee.id;
    const replaced = await w.as('owner').post(`/api/updateEmployeePIN/${id}`, { oldPIN: '', newPIN: '8080', storeId: w.store.id });
    expect([replaced.status, replaced.body]).toEqual([200, { success: true }]);
    // The new PIN is now the one that counts.
    expect((await w.as('owner').post(`/api/updateEmployeePIN/${id}`, { oldPIN: '4444', newPIN: '1212', storeId: w.store.id })).status).toBe(400);
    expect((await w.as('owner').post(`/api/updateEmployeePIN/${id}`, { oldPIN: '8080', newPIN: '1212', storeId: w.store.id })).status).toBe(200);
  });

  it("when Online Booking is set to 'none', then it stays 'none' through other edits and lists", async () => {
    const id = (await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Nobook', storeId: w.store.id }).expect(201)).body.employee.id;
    const set = await w.as('owner').post(`/api/updateEmployeeOnlineBooking/${id}`, { online_booking: 'none' }).expect(200);
    expect(set.body.employee.online_booking).toBe('none');
    await w.as('owner').post(`/api/updateEmployeeRole/${id}`, { role: 'limited' }).expect(200);
    await w.as('owner').post(`/api/updateEmployeeSchedule/${id}`, { dayOff: 'mon' }).expect(200);
    const one = (await w.as('owner').get(`/api/getStaffsByEmployeeId/${id}`).expect(200)).body.employees[0];
    expect(one.online_booking).toBe('none');
    expect((await w.svc.db.collection('employees').findOne({ _id: id } as never))?.online_booking).toBe('none');
  });

  it('when user.updated events arrive older than what a staff record shows, then they change nothing', async () => {
    const user = newUser(4, { fname: 'jane' });
    const sentinel = newUser(5, { fname: 'sam' });
    const e = await w.joinByInvitation('owner', w.store.id, user.email, w.svc.keys.user(user.id));
    const s = await w.joinByInvitation('owner', w.store.id, sentinel.email, w.svc.keys.user(sentinel.id));
    const bus = w.svc.bus;
    const publish = async (u: { id: number; email: string }, fname: string, occurredAt = new Date()) => {
      const env = bus.event('user.updated', 'global', { userId: u.id, fname, lname: 'doe', email: u.email, phone: '2155550111', color: '#00bcd4', profile_image: null, role: 'professional' });
      env.occurredAt = occurredAt.toISOString();
      await bus.publishDurably(env);
      return env;
    };
    const fnameOf = async (id: number) => (await w.as('owner').get(`/api/getStaffsByEmployeeId/${id}`).expect(200)).body.employees[0].fname;
    const until = async (id: number, fname: string) => {
      const end = Date.now() + 10_000;
      while ((await fnameOf(id)) !== fname) {
        if (Date.now() > end) throw new Error(`staff ${id} never showed ${fname}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    // A replay of an event from before the staff member was added (one consumer, in order: the sentinel comes after it).
    await publish(user, 'stale', new Date(Date.now() - 3600_000));
    await publish(sentinel, 'sam1');
    await until(s.id, 'sam1');
    expect(await fnameOf(e.id)).toBe('jane');

    const fresh = await publish(user, 'janet');
    await until(e.id, 'janet');
    await publish(user, 'older', new Date(new Date(fresh.occurredAt).getTime() - 1));
    await publish(sentinel, 'sam2');
    await until(s.id, 'sam2');
    expect(await fnameOf(e.id)).toBe('janet');
  });

  it('when the process dies right after a staff insert, then its staff.updated event was stored in the same write and still goes out', async () => {
    const bus = w.svc.bus;
    const events = collect<{ staffId: number; nickname: string }>(bus.connection, `evt.staff.${w.store.id}.updated`);
    await dyingAfterInsert(w.svc.db.models.Employee, () => w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Crashy', storeId: w.store.id }).expect(500));
    const doc = await w.svc.db.collection('employees').findOne({ storeId: w.store.id, nickname: 'Crashy' });
    expect(Object.values((doc!._pendingEvents ?? {}) as object)).toContainEqual(
      expect.objectContaining({ type: 'staff.updated', data: expect.objectContaining({ staffId: doc!._id, nickname: 'Crashy' }) }),
    );
    // It goes out: published before the failed write, and again by the outbox sweeper if need be (deduplicated).
    expect((await events.waitFor((d) => d.nickname === 'Crashy')).staffId).toBe(doc!._id);
    events.stop();
  });

  describe('access (the route table: the owner manages staff; owner or admin the schedule)', () => {
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
