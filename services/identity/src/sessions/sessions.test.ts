import jwt from 'jsonwebtoken';
import { eventually } from '@turnbook/test-kit';
import { newSecret } from '../credentials/secret-token';
import { NEW_PASSWORD, PASSWORD, refreshCookieOf, seedUser, startIdentity, useIdentity, type Identity } from '../test/world';
import { SessionsRepository } from './repository';

describe('sessions: short access tokens, rotating refresh cookie, revocation', () => {
  const t = useIdentity({ ACCESS_TOKEN_TTL: '10m' });
  let ipCounter = 0;
  const fromNewIp = () => `198.51.100.${++ipCounter}`;

  async function signIn(email: string, password = PASSWORD) {
    const res = await t.svc.http().post('/api/login').set('X-Forwarded-For', fromNewIp()).send({ email, password });
    expect(res.status).toBe(200);
    return { token: res.body.access_token as string, cookie: refreshCookieOf(res), res };
  }
  const me = (id: number, token: string) => t.svc.http().get(`/api/user/${id}`).set('Authorization', `Bearer ${token}`);
  const refresh = (cookie?: string) => {
    const req = t.svc.http().post('/api/auth/refresh');
    return cookie ? req.set('Cookie', cookie) : req;
  };

  it('when a user signs in, then the access token lasts 10 minutes and an httpOnly, SameSite=Strict refresh cookie scoped to /api/auth is set', async () => {
    const user = await seedUser(t.svc);
    const { token, res } = await signIn(user.email);
    const claims = jwt.decode(token) as { exp: number; iat: number; sid: string };
    expect(Math.round(claims.exp - claims.iat)).toBe(600);
    expect(claims.sid).toEqual(expect.any(String));
    const set = ([] as string[]).concat(res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('turnbook_refresh='))!;
    expect(set).toMatch(/; Path=\/api\/auth;/);
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Strict/);
    // Local http: not Secure (PUBLIC_URL is http); see the https case below.
    expect(set).not.toMatch(/Secure/);
  });

  it('when the refresh cookie is sent, then a new access token comes back and the cookie rotates; the used cookie is refused afterwards', async () => {
    const user = await seedUser(t.svc);
    const { cookie } = await signIn(user.email);
    const first = await refresh(cookie);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ access_token: expect.any(String) });
    const next = refreshCookieOf(first);
    expect(next).not.toBe(cookie);
    expect((await me(user.id, first.body.access_token)).status).toBe(200);
    expect((await refresh(next)).status).toBe(200);
  });

  it('when an unknown refresh cookie is sent, then 401 sessionExpired; with no cookie at all, 400 naming it', async () => {
    const unknown = await refresh('turnbook_refresh=not-a-token');
    expect([unknown.status, unknown.body.code]).toEqual([401, 'sessionExpired']);
    const none = await refresh();
    expect([none.status, none.body.field]).toEqual([400, 'turnbook_refresh']);
  });

  it('when a rotated refresh token is used again after the grace period, then the whole session is revoked, its access tokens included', async () => {
    const user = await seedUser(t.svc);
    const { token, cookie } = await signIn(user.email);
    const rotated = await refresh(cookie);
    const current = refreshCookieOf(rotated);
    // The stolen copy comes back later than two tabs racing would.
    await t.svc.db.collection('refresh_token_uses').updateMany({}, { $set: { at: new Date(Date.now() - 60_000) } });
    const reuse = await refresh(cookie);
    expect([reuse.status, reuse.body.code]).toEqual([401, 'sessionExpired']);
    expect((await refresh(current)).status).toBe(401);
    for (const access of [token, rotated.body.access_token]) {
      const res = await me(user.id, access);
      expect([res.status, res.body.code]).toEqual([401, 'sessionExpired']);
    }
  });

  it('when two tabs refresh with the same cookie at once, then the session survives (one gets a token, the other a plain 401)', async () => {
    const user = await seedUser(t.svc);
    const { cookie } = await signIn(user.email);
    const [a, b] = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    const winner = a.status === 200 ? a : b;
    expect((await refresh(refreshCookieOf(winner))).status).toBe(200);
  });

  it('when the user logs out, then the refresh cookie is cleared and revoked, and the access token is refused at once', async () => {
    const user = await seedUser(t.svc);
    const { token, cookie } = await signIn(user.email);
    const other = await signIn(user.email);
    const out = await t.svc.http().post('/api/auth/logout').set('Cookie', cookie);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(String(out.headers['set-cookie'])).toMatch(/turnbook_refresh=; Path=\/api\/auth; Max-Age=0/);
    expect((await refresh(cookie)).status).toBe(401);
    expect((await me(user.id, token)).status).toBe(401);
    // Only that session ended: the same user's other device stays signed in.
    expect((await me(user.id, other.token)).status).toBe(200);
  });

  it('when a token from before userResetPassword is used, then it is refused (401 sessionExpired), and the changer stays signed in through the new cookie', async () => {
    const user = await seedUser(t.svc);
    const stolen = await signIn(user.email);
    const mine = await signIn(user.email);
    const change = await t.svc.http().post('/api/userResetPassword').set('Authorization', `Bearer ${mine.token}`)
      .send({ id: user.id, currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(change.status).toBe(200);
    for (const token of [stolen.token, mine.token]) expect((await me(user.id, token)).body.code).toBe('sessionExpired');
    expect((await refresh(stolen.cookie)).status).toBe(401);
    const renewed = await refresh(refreshCookieOf(change));
    expect(renewed.status).toBe(200);
    expect((await me(user.id, renewed.body.access_token)).status).toBe(200);
  });

  it('when the token is revoked on one instance, then another instance of identity refuses it too (the event reaches every instance)', async () => {
    const second: Identity = await startIdentity({ MONGO_DB: t.svc.config.mongoDb });
    try {
      const user = await seedUser(t.svc);
      const { token } = await signIn(user.email);
      const onSecond = () => second.http().get(`/api/user/${user.id}`).set('Authorization', `Bearer ${token}`);
      expect((await onSecond()).status).toBe(200);
      const fresh = await signIn(user.email);
      expect((await t.svc.http().post('/api/userResetPassword').set('Authorization', `Bearer ${fresh.token}`)
        .send({ id: user.id, currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
      await eventually(async () => expect((await onSecond()).body.code).toBe('sessionExpired'), 5000);
    } finally {
      await second.stop();
    }
  });

  it('when a store owner sets a new store password, then tablets signed in with the old one are signed out', async () => {
    const owner = await seedUser(t.svc);
    const put = await t.svc.http().put('/internal/store-accounts/4242').set('x-internal-token', t.svc.config.INTERNAL_TOKEN)
      .send({ ownerId: owner.id, permalink: 'desk-4242', username: 'desk4242', password: 'desk pass 9x' });
    expect(put.status).toBe(201);
    const tablet = await t.svc.http().post('/api/storeLogin').send({ username: 'desk4242', password: 'desk pass 9x' });
    expect(tablet.status).toBe(200);
    const tabletCookie = refreshCookieOf(tablet);
    await t.svc.memberships.apply({ storeId: 4242, ownerId: owner.id, permalink: 'desk-4242', status: 'ON', members: [] });
    const { token } = await signIn(owner.email);
    const reset = await t.svc.http().post('/api/storeResetPassword').set('Authorization', `Bearer ${token}`)
      .send({ userId: owner.id, userPassword: PASSWORD, storeId: 4242, newPassword: 'new desk pass 7' });
    expect(reset.status).toBe(200);
    expect((await refresh(tabletCookie)).status).toBe(401);
    const setting = await t.svc.http().get('/api/getSetting/store/4242').set('Authorization', `Bearer ${tablet.body.access_token}`);
    expect(setting.body.code).toBe('sessionExpired');
  });
});

describe('expired refresh tokens', () => {
  const t = useIdentity();

  it('when a refresh token has expired, then it is refused before any sweep, and the sweep deletes it but keeps live ones', async () => {
    // A repository of its own on the service's database (its models are the service's to register).
    const repo = new SessionsRepository(t.svc.db.useDb(t.svc.db.name, { useCache: false }));
    const user = await seedUser(t.svc);
    const login = await t.svc.http().post('/api/login').send({ email: user.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const sid = (jwt.decode(login.body.access_token) as { sid: string }).sid;
    const old = newSecret();
    const now = Date.now();
    await repo.insertToken({ _id: old.digest, sid, sub: String(user.id), createdAt: new Date(now - 20_000), expiresAt: new Date(now - 10_000) });

    const refused = await t.svc.http().post('/api/auth/refresh').set('Cookie', `turnbook_refresh=${old.secret}`);
    expect(refused.status).toBe(401);
    expect(await repo.sweepExpiredTokens()).toBeGreaterThanOrEqual(1);
    expect(await t.svc.db.collection('refresh_tokens').countDocuments({ _id: old.digest as never })).toBe(0);
    // The sign-in's own token is live: it still refreshes.
    expect((await t.svc.http().post('/api/auth/refresh').set('Cookie', refreshCookieOf(login))).status).toBe(200);
  });
});

describe('sessions over https', () => {
  let svc: Identity;
  beforeAll(async () => {
    svc = await startIdentity({ PUBLIC_URL: 'https://turnbook.test' });
  }, 30_000);
  afterAll(async () => svc?.stop());

  it('when the app is served over https, then the refresh cookie is Secure', async () => {
    const user = await seedUser(svc);
    const res = await svc.http().post('/api/login').send({ email: user.email, password: PASSWORD });
    expect(String(res.headers['set-cookie'])).toMatch(/turnbook_refresh=[^;]+;.*; Secure/);
  });
});
