import { MESSAGES } from '@turnbook/contracts';
import { captureEvents, PASSWORD, signedInUser, startIdentity, type Identity } from '../testing/harness';

describe('users and my account', () => {
  let svc: Identity;
  let events: Awaited<ReturnType<typeof captureEvents>>;
  beforeAll(async () => {
    svc = await startIdentity();
    events = await captureEvents(svc, 'evt.user.>');
  }, 30_000);
  afterAll(async () => {
    events?.stop();
    await svc?.stop();
  });

  it('when a user reads their record, then {user} without secrets', async () => {
    const { user, auth } = await signedInUser(svc);
    const res = await svc.http().get(`/api/user/${user.id}`).set('Authorization', auth);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      id: user.id, fname: 'bo', lname: 'kim', email: user.email, phone: '2155550101', role: 'professional',
      profile_image: null, app_version: '1.0.0', color: '#00bcd4', phoneVerified: true,
    });
    const list = await svc.http().get(`/api/getUserById/${user.id}`).set('Authorization', auth);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ users: [res.body.user] });
  });

  it('when a user changes their account, then it is saved lowercased and user.updated is published', async () => {
    const { user, auth } = await signedInUser(svc);
    const newEmail = `NEW.${user.email}`.toUpperCase();
    const res = await svc.http().patch(`/api/user/${user.id}`).set('Authorization', auth)
      .send({ fname: 'BOB', lname: 'KIM-LEE', email: newEmail, phone: '(267) 555-0123', color: '#FF00AA', role: 'super admin' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ fname: 'bob', lname: 'kim-lee', email: newEmail.toLowerCase(), phone: '2675550123', color: '#ff00aa', role: 'professional' });
    expect((await svc.http().get(`/api/user/${user.id}`).set('Authorization', auth)).body.user).toEqual(res.body.user);

    const evt = await events.next('user.updated', (d) => d.userId === user.id && d.fname === 'bob');
    expect(evt.data).toMatchObject({ email: newEmail.toLowerCase(), phone: '2675550123', color: '#ff00aa', role: 'professional' });
    expect((await svc.http().post('/api/login').send({ email: newEmail, password: PASSWORD })).status).toBe(200);
  });

  it("when a user takes someone else's email, then 409 and nothing changes", async () => {
    const a = await signedInUser(svc);
    const b = await signedInUser(svc);
    const res = await svc.http().patch(`/api/user/${a.user.id}`).set('Authorization', a.auth).send({ email: b.user.email, fname: 'changed' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: MESSAGES.emailExists, field: 'email' });
    expect((await svc.http().get(`/api/user/${a.user.id}`).set('Authorization', a.auth)).body.user).toMatchObject({ email: a.user.email, fname: 'bo' });
  });

  it("when a user reads or changes another user's record, then 403 and nothing changes", async () => {
    const a = await signedInUser(svc);
    const b = await signedInUser(svc);
    expect((await svc.http().get(`/api/user/${b.user.id}`).set('Authorization', a.auth)).status).toBe(403);
    expect((await svc.http().get(`/api/getUserById/${b.user.id}`).set('Authorization', a.auth)).status).toBe(403);
    expect((await svc.http().patch(`/api/user/${b.user.id}`).set('Authorization', a.auth).send({ fname: 'x' })).status).toBe(403);
    expect((await svc.http().post('/api/userResetPassword').set('Authorization', a.auth)
      .send({ id: b.user.id, currentPassword: PASSWORD, newPassword: 'x' })).status).toBe(403);
    expect((await svc.http().get(`/api/user/${b.user.id}`).set('Authorization', b.auth)).body.user.fname).toBe('bo');
  });

  it('when there is no token or a bad one, then 401', async () => {
    const a = await signedInUser(svc);
    expect((await svc.http().get(`/api/user/${a.user.id}`)).status).toBe(401);
    expect((await svc.http().patch(`/api/user/${a.user.id}`).send({ fname: 'x' })).status).toBe(401);
    expect((await svc.http().get('/api/getAllUsers')).status).toBe(401);
    const forged = a.token.slice(0, -4) + 'AAAA';
    expect((await svc.http().get(`/api/user/${a.user.id}`).set('Authorization', `Bearer ${forged}`)).status).toBe(401);
  });

  it('when the super admin lists users, then all users sorted by id; anyone else gets 403', async () => {
    const admin = await signedInUser(svc, { role: 'super admin' });
    const pro = await signedInUser(svc);
    const res = await svc.http().get('/api/getAllUsers').set('Authorization', admin.auth);
    expect(res.status).toBe(200);
    const ids = res.body.users.map((u: { id: number }) => u.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
    expect(ids).toEqual(expect.arrayContaining([admin.user.id, pro.user.id]));
    expect(res.body.users.every((u: object) => !('passwordHash' in u))).toBe(true);
    expect((await svc.http().get('/api/getAllUsers').set('Authorization', pro.auth)).status).toBe(403);
  });

  it("when the super admin reads and edits someone's record, then it is allowed", async () => {
    const admin = await signedInUser(svc, { role: 'super admin' });
    const pro = await signedInUser(svc);
    expect((await svc.http().get(`/api/user/${pro.user.id}`).set('Authorization', admin.auth)).status).toBe(200);
    const res = await svc.http().patch(`/api/user/${pro.user.id}`).set('Authorization', admin.auth).send({ lname: 'Edited' });
    expect(res.body.user.lname).toBe('edited');
  });

  it('when a user changes their password with the right current one, then the new one works', async () => {
    const { user, auth } = await signedInUser(svc);
    const res = await svc.http().post('/api/userResetPassword').set('Authorization', auth)
      .send({ id: user.id, currentPassword: PASSWORD, newPassword: 'a new one' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await svc.http().post('/api/login').send({ email: user.email, password: 'a new one' })).status).toBe(200);
    expect((await svc.http().post('/api/login').send({ email: user.email, password: PASSWORD })).status).toBe(401);
  });

  it('when the current password is wrong, then 400 {success:false, field:currentPassword} and the password stays', async () => {
    const { user, auth } = await signedInUser(svc);
    const res = await svc.http().post('/api/userResetPassword').set('Authorization', auth)
      .send({ id: user.id, currentPassword: 'wrong', newPassword: 'a new one' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'currentPassword', message: expect.stringContaining('currentPassword') });
    expect((await svc.http().post('/api/login').send({ email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it('when a store token calls a user route, then 403', async () => {
    const { user } = await signedInUser(svc);
    const store = await svc.http().put('/internal/store-accounts/77').set('x-internal-token', svc.config.INTERNAL_TOKEN)
      .send({ ownerId: user.id, permalink: 's', username: `u${user.id}`, password: 'pw' });
    expect(store.status).toBe(201);
    const { body } = await svc.http().post('/api/storeLogin').send({ username: `u${user.id}`, password: 'pw' });
    expect((await svc.http().get(`/api/user/${user.id}`).set('Authorization', `Bearer ${body.access_token}`)).status).toBe(403);
  });
});
