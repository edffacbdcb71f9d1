import { MESSAGES } from '@turnbook/contracts';
import { internal, PASSWORD, registerBody, signedInUser, startIdentity, type Identity } from './test/world';

/**
 * Bad input for every call: 400 with a message naming the field, and nothing written. Query-operator
 * objects such as {"$gt": ""} are refused by the schemas before they could reach a query.
 */
describe('bad input is refused for every call', () => {
  let svc: Identity;
  let me: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    svc = await startIdentity();
    me = await signedInUser(svc);
    admin = await signedInUser(svc, { role: 'super admin' });
    await svc.memberships.apply({ storeId: 5, ownerId: me.user.id, permalink: 'p', status: 'ON', members: [] });
    // Store 5 has its sign-in account, as every store does (scheduling creates it with the store).
    await internal(svc, 'put', '/store-accounts/5').send({ ownerId: me.user.id, permalink: 'p', username: 'desk5', password: 'desk pass 9x' });
  }, 30_000);
  afterAll(async () => svc?.stop());

  /** Everything identity has stored, to show a refused call wrote nothing. */
  async function snapshot() {
    const names = (await svc.db.listCollections()).map((c) => c.name)// processed_events and store_memberships follow other services' events, not our calls.
      .filter((n) => n !== 'processed_events' && n !== 'store_memberships').sort();
    const out: Record<string, unknown[]> = {};
    for (const n of names) out[n] = await svc.db.collection(n).find({}).sort({ _id: 1 }).toArray();
    return JSON.stringify(out);
  }

  type Case = [method: 'get' | 'post' | 'patch', path: string, who: 'none' | 'me' | 'admin', body: unknown, field: string, message?: string];
  const gt = { $gt: '' };
  const cases = (): Case[] => [
    ['post', '/api/register', 'none', registerBody({ email: undefined }), 'email', 'email: is required'],
    ['post', '/api/register', 'none', registerBody({ email: gt }), 'email'],
    ['post', '/api/register', 'none', registerBody({ email: 'not-an-email' }), 'email', 'email: must be an email address'],
    ['post', '/api/register', 'none', registerBody({ password_confirmation: 'other' }), 'password_confirmation', MESSAGES.passwordMismatch],
    ['post', '/api/register', 'none', registerBody({ password: 42 }), 'password'],
    ['post', '/api/register', 'none', registerBody({ fname: '  ' }), 'fname', 'fname: is required'],
    ['post', '/api/register', 'none', registerBody({ lname: ['x'] }), 'lname'],
    ['post', '/api/register', 'none', registerBody({ phone: '555-01' }), 'phone', 'phone: must have 10 digits'],
    ['post', '/api/register', 'none', registerBody({ role: 'super admin' }), 'role', 'role: must be customer or professional'],
    ['post', '/api/register', 'none', registerBody({ term: undefined }), 'term'],
    ['post', '/api/register', 'none', registerBody({ color: 'teal' }), 'color', 'color: must be a hex colour'],
    ['post', '/api/verify', 'none', { id: 'abc', hash: 'x' }, 'id', 'id: must be a number'],
    ['post', '/api/verify', 'none', { id: 1, hash: gt }, 'hash'],
    ['post', '/api/verify', 'none', {}, 'id', 'id: is required'],
    ['post', '/api/login', 'none', { email: gt, password: 'x' }, 'email'],
    ['post', '/api/login', 'none', { email: 'a@b.co' }, 'password', 'password: is required'],
    ['post', '/api/login', 'none', { email: 7, password: 'x' }, 'email'],
    ['post', '/api/storeLogin', 'none', { username: { $ne: null }, password: 'x' }, 'username'],
    ['post', '/api/storeLogin', 'none', { username: 'desk' }, 'password'],
    ['post', '/api/forgotPassword', 'none', { email: gt }, 'email'],
    ['post', '/api/forgotPassword', 'none', { email: 'nope' }, 'email'],
    ['post', '/api/resetPasswordValidation', 'none', { id: { $gt: 0 }, hash: 'x' }, 'id'],
    ['post', '/api/resetPasswordValidation', 'none', { id: 1 }, 'hash'],
    ['post', '/api/resetPassword', 'none', { id: 1, hash: 'x' }, 'password'],
    ['post', '/api/resetPassword', 'none', { id: 1, hash: 'x', password: gt }, 'password'],
    ['get', '/api/user/abc', 'admin', undefined, 'id', 'id: must be a number'],
    ['patch', '/api/user/{me}', 'me', { email: gt }, 'email'],
    ['patch', '/api/user/{me}', 'me', { phone: '12' }, 'phone'],
    ['patch', '/api/user/{me}', 'me', { color: 'red' }, 'color'],
    ['patch', '/api/user/{me}', 'me', { fname: '' }, 'fname'],
    ['get', '/api/getUserById/x1', 'admin', undefined, 'userId'],
    ['post', '/api/userResetPassword', 'me', { id: '{me}', currentPassword: PASSWORD }, 'newPassword'],
    ['post', '/api/userResetPassword', 'me', { id: '{me}', currentPassword: gt, newPassword: 'x' }, 'currentPassword'],
    ['post', '/api/uploadProfilePicture/abc/0', 'admin', undefined, 'userId'],
    ['post', '/api/uploadProfilePicture/{me}/91', 'me', undefined, 'orientation'],
    ['post', '/api/storeResetPassword', 'me', { userId: '{me}', userPassword: PASSWORD, storeId: 'abc', newPassword: 'x' }, 'storeId'],
    ['post', '/api/storeResetPassword', 'me', { userId: '{me}', userPassword: PASSWORD, storeId: { $gt: 0 }, newPassword: 'x' }, 'storeId'],
    ['post', '/api/storeResetPassword', 'me', { userId: '{me}', userPassword: PASSWORD, storeId: 5 }, 'newPassword'],
    ['post', '/api/updateVersion', 'admin', { app_version: '', body: 'b' }, 'app_version'],
    ['post', '/api/updateVersion', 'admin', { app_version: '2', body: gt }, 'body'],
    ['get', '/api/getSetting/staff/abc', 'admin', undefined, 'userId'],
    ['get', '/api/getSetting/store/abc', 'admin', undefined, 'storeId'],
    ['post', '/api/updateSetting/staff/{me}', 'me', {}, 'app_version'],
    ['post', '/api/updateSetting/staff/{me}', 'me', { app_version: gt }, 'app_version'],
    ['post', '/api/updateSetting/store/abc', 'admin', { app_version: '1' }, 'storeId'],
    ['post', '/api/updateSetting/store/5', 'me', {}, 'app_version'],
    ['get', '/api/profile-pictures/evil.svg', 'none', undefined, 'file'],
  ];

  it('when any call gets bad input, then 400 names the field and nothing is written', async () => {
    const before = await snapshot();
    const fill = (v: string) => v.replaceAll('{me}', String(me.user.id));
    for (const [method, path, who, body, field, message] of cases()) {
      let req = svc.http()[method](fill(path));
      if (who !== 'none') req = req.set('Authorization', who === 'me' ? me.auth : admin.auth);
      const payload = body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body)));
      const res = payload === undefined ? await req : await req.send(payload);
      const label = `${method.toUpperCase()} ${path} ${JSON.stringify(body)}`;
      expect({ label, status: res.status, field: res.body.field }).toEqual({ label, status: 400, field });
      const pattern = message ? `^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : `^${field}: \\S`;
      expect(res.body.message).toMatch(new RegExp(pattern));
    }
    expect(await snapshot()).toBe(before);
  });

  it('when a JSON body is larger than the limit, then 413 naming body and nothing is written', async () => {
    const before = await snapshot();
    const huge = registerBody({ fname: 'x'.repeat(150 * 1024) });
    const res = await svc.http().post('/api/register').send(huge);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ field: 'body', message: 'body: is too large', code: 'tooLarge' });
    const patch = await svc.http().patch(`/api/user/${me.user.id}`).set('Authorization', me.auth).send({ lname: 'y'.repeat(120 * 1024) });
    expect(patch.status).toBe(413);
    expect(await snapshot()).toBe(before);
  });

  it('when the body is not valid JSON, then 400 naming body', async () => {
    const res = await svc.http().post('/api/login').set('Content-Type', 'application/json').send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('body');
  });

  it('when a registration carries fields it may not set (verified, role super admin, passwordHash), then they are ignored', async () => {
    const body = { ...registerBody(), verified: true, passwordHash: 'x', _id: 1, app_version: '9' };
    const res = await svc.http().post('/api/register').send(body);
    expect(res.status).toBe(201);
    const stored = await svc.db.collection('users').findOne({ email: body.email });
    expect(stored).toMatchObject({ verified: false, app_version: '1.0.0' });
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored!._id).not.toBe(1);
  });
});
