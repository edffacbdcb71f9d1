import { MESSAGES } from '@turnbook/contracts';
import { linkParts, mailLink, PASSWORD, registerBody, signedInUser, uniqueEmail, useIdentity } from '../test/world';

describe('users and my account', () => {
  const t = useIdentity();

  it('when a user reads their record, then {user} without secrets', async () => {
    const { user, auth } = await signedInUser(t.svc);
    const res = await t.svc.http().get(`/api/user/${user.id}`).set('Authorization', auth);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      id: user.id, fname: 'bo', lname: 'kim', email: user.email, phone: '2155550101', role: 'professional',
      profile_image: null, app_version: '1.0.0', color: '#00bcd4', phoneVerified: true,
    });
    const list = await t.svc.http().get(`/api/getUserById/${user.id}`).set('Authorization', auth);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ users: [res.body.user] });
  });

  it('when a user changes their account with the email unchanged (the form always sends it), then it is saved lowercased at once, no password asked, and user.updated is published', async () => {
    const { user, auth } = await signedInUser(t.svc);
    const res = await t.svc.http().patch(`/api/user/${user.id}`).set('Authorization', auth)
      .send({ fname: 'BOB', lname: 'KIM-LEE', email: user.email.toUpperCase(), phone: '(267) 555-0123', color: '#FF00AA', role: 'super admin' });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('emailChangePending');
    expect(res.body.user).toMatchObject({ fname: 'bob', lname: 'kim-lee', email: user.email, phone: '2675550123', color: '#ff00aa', role: 'professional' });
    expect((await t.svc.http().get(`/api/user/${user.id}`).set('Authorization', auth)).body.user).toEqual(res.body.user);

    const evt = await t.events.next('user.updated', (d) => d.userId === user.id && d.fname === 'bob');
    expect(evt.data).toMatchObject({ email: user.email, phone: '2675550123', color: '#ff00aa', role: 'professional' });
  });

  it('when a token alone (no current password) changes the email, then 400 naming currentPassword and nothing changes', async () => {
    const { user, auth } = await signedInUser(t.svc);
    const res = await t.svc.http().patch(`/api/user/${user.id}`).set('Authorization', auth).send({ email: uniqueEmail('attacker'), fname: 'owned' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'currentPassword', message: `currentPassword: ${MESSAGES.currentPasswordRequired}` });
    const wrong = await t.svc.http().patch(`/api/user/${user.id}`).set('Authorization', auth).send({ email: uniqueEmail('attacker'), currentPassword: 'guessing wrong' });
    expect([wrong.status, wrong.body.field]).toEqual([400, 'currentPassword']);
    expect((await t.svc.http().get(`/api/user/${user.id}`).set('Authorization', auth)).body.user).toMatchObject({ email: user.email, fname: 'bo' });
  });

  it('when a user changes their email with their password, then it changes only when the link sent to the new address is opened, the old address is told, and every token and older link stops working', async () => {
    const { user, auth } = await signedInUser(t.svc);
    const newEmail = uniqueEmail('moved');
    const res = await t.svc.http().patch(`/api/user/${user.id}`).set('Authorization', auth).send({ email: newEmail.toUpperCase(), currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ emailChangePending: true, message: MESSAGES.emailChangePending, user: { email: user.email } });
    const asked = await t.events.next('user.email_change_requested', (d) => d.userId === user.id);
    expect(asked.data).toMatchObject({ email: newEmail, mailId: expect.any(String) });
    const told = await t.events.next('user.email_change_notice', (d) => d.userId === user.id && d.step === 'requested');
    expect(told.data).toMatchObject({ oldEmail: user.email, newEmail });
    // Not yet: the old address still signs in, the new one does not.
    expect((await t.svc.http().post('/api/login').send({ email: newEmail, password: PASSWORD })).status).toBe(401);

    const url = await mailLink(t.svc, asked.data.mailId);
    expect(url).toMatch(/\/confirm-email\?a=\d+&b=/);
    const confirm = await t.svc.http().post('/api/auth/confirm-email').send(linkParts(url));
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ success: true, email: newEmail });
    await t.events.next('user.email_change_notice', (d) => d.userId === user.id && d.step === 'changed');
    await t.events.next('user.updated', (d) => d.userId === user.id && d.email === newEmail);
    const old = await t.svc.http().get(`/api/user/${user.id}`).set('Authorization', auth);
    expect([old.status, old.body.code]).toEqual([401, 'sessionExpired']);
    expect((await t.svc.http().post('/api/login').send({ email: newEmail, password: PASSWORD })).status).toBe(200);
    expect((await t.svc.http().post('/api/login').send({ email: user.email, password: PASSWORD })).status).toBe(401);
    expect((await t.svc.http().post('/api/auth/confirm-email').send(linkParts(url))).status).toBe(400);
  });

  it('when an email is typed with full-width letters, a zero-width space or capitals, then it is the same account (no second registration, sign-in works)', async () => {
    const { user } = await signedInUser(t.svc);
    const [local, domain] = user.email.split('@');
    const fullWidth = [...local].map((c) => (/[a-z]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('') + '@' + domain;
    const zeroWidth = `${local.slice(0, 3)}\u200b${local.slice(3)}@${domain}`;
    for (const email of [fullWidth, zeroWidth, user.email.toUpperCase()]) {
      const reg = await t.svc.http().post('/api/register').send(registerBody({ email }));
      expect([reg.status, reg.body.message]).toEqual([409, MESSAGES.emailExists]);
      expect((await t.svc.http().post('/api/login').send({ email, password: PASSWORD })).status).toBe(200);
    }
  });

  it("when a user takes someone else's email, then 409 and nothing changes", async () => {
    const a = await signedInUser(t.svc);
    const b = await signedInUser(t.svc);
    const res = await t.svc.http().patch(`/api/user/${a.user.id}`).set('Authorization', a.auth).send({ email: b.user.email, fname: 'changed', currentPassword: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: MESSAGES.emailExists, field: 'email' });
    expect((await t.svc.http().get(`/api/user/${a.user.id}`).set('Authorization', a.auth)).body.user).toMatchObject({ email: a.user.email, fname: 'bo' });
  });

  it("when a user reads or changes another user's record, then 403 and nothing changes", async () => {
    const a = await signedInUser(t.svc);
    const b = await signedInUser(t.svc);
    expect((await t.svc.http().get(`/api/user/${b.user.id}`).set('Authorization', a.auth)).status).toBe(403);
    expect((await t.svc.http().get(`/api/getUserById/${b.user.id}`).set('Authorization', a.auth)).status).toBe(403);
    expect((await t.svc.http().patch(`/api/user/${b.user.id}`).set('Authorization', a.auth).send({ fname: 'x' })).status).toBe(403);
    expect((await t.svc.http().post('/api/userResetPassword').set('Authorization', a.auth)
      .send({ id: b.user.id, currentPassword: PASSWORD, newPassword: 'x' })).status).toBe(403);
    expect((await t.svc.http().get(`/api/user/${b.user.id}`).set('Authorization', b.auth)).body.user.fname).toBe('bo');
  });

  it('when there is no token or a bad one, then 401', async () => {
    const a = await signedInUser(t.svc);
    expect((await t.svc.http().get(`/api/user/${a.user.id}`)).status).toBe(401);
    expect((await t.svc.http().patch(`/api/user/${a.user.id}`).send({ fname: 'x' })).status).toBe(401);
    expect((await t.svc.http().get('/api/getAllUsers')).status).toBe(401);
    const forged = a.token.slice(0, -4) + 'AAAA';
    expect((await t.svc.http().get(`/api/user/${a.user.id}`).set('Authorization', `Bearer ${forged}`)).status).toBe(401);
  });

  it('when the super admin lists users, then all users sorted by id; anyone else gets 403', async () => {
    const admin = await signedInUser(t.svc, { role: 'super admin' });
    const pro = await signedInUser(t.svc);
    const res = await t.svc.http().get('/api/getAllUsers').set('Authorization', admin.auth);
    expect(res.status).toBe(200);
    const ids = res.body.users.map((u: { id: number }) => u.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
    expect(ids).toEqual(expect.arrayContaining([admin.user.id, pro.user.id]));
    expect(res.body.users.every((u: object) => !('passwordHash' in u))).toBe(true);
    expect((await t.svc.http().get('/api/getAllUsers').set('Authorization', pro.auth)).status).toBe(403);
  });

  it("when the super admin reads and edits someone's record, then it is allowed", async () => {
    const admin = await signedInUser(t.svc, { role: 'super admin' });
    const pro = await signedInUser(t.svc);
    expect((await t.svc.http().get(`/api/user/${pro.user.id}`).set('Authorization', admin.auth)).status).toBe(200);
    const res = await t.svc.http().patch(`/api/user/${pro.user.id}`).set('Authorization', admin.auth).send({ lname: 'Edited' });
    expect(res.body.user.lname).toBe('edited');
  });

  it('when a user changes their password with the right current one, then the new one works', async () => {
    const { user, auth } = await signedInUser(t.svc);
    const res = await t.svc.http().post('/api/userResetPassword').set('Authorization', auth)
      .send({ id: user.id, currentPassword: PASSWORD, newPassword: 'a new one, please' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await t.svc.http().post('/api/login').send({ email: user.email, password: 'a new one, please' })).status).toBe(200);
    expect((await t.svc.http().post('/api/login').send({ email: user.email, password: PASSWORD })).status).toBe(401);
  });

  it('when the current password is wrong, then 400 {success:false, field:currentPassword} and the password stays', async () => {
    const { user, auth } = await signedInUser(t.svc);
    const res = await t.svc.http().post('/api/userResetPassword').set('Authorization', auth)
      .send({ id: user.id, currentPassword: 'wrong', newPassword: 'a new one, please' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'currentPassword', message: expect.stringContaining('currentPassword') });
    expect((await t.svc.http().post('/api/login').send({ email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it('when a store token calls a user route, then 403', async () => {
    const { user } = await signedInUser(t.svc);
    const store = await t.svc.http().put('/internal/store-accounts/77').set('x-internal-token', t.svc.config.INTERNAL_TOKEN)
      .send({ ownerId: user.id, permalink: 's', username: `u${user.id}`, password: 'desk pass 9x' });
    expect(store.status).toBe(201);
    const { body } = await t.svc.http().post('/api/storeLogin').send({ username: `u${user.id}`, password: 'desk pass 9x' });
    expect((await t.svc.http().get(`/api/user/${user.id}`).set('Authorization', `Bearer ${body.access_token}`)).status).toBe(403);
  });
});
