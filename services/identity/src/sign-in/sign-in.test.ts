import jwt from 'jsonwebtoken';
import { MESSAGES } from '@turnbook/contracts';
import { eventually } from '@turnbook/test-kit';
import { count, internal, PASSWORD, seedUser, startIdentity, type Identity } from '../test/world';

// Per account from one address, per account from every address, per address.
const LIMITS = { LOGIN_MAX_FAILURES_ACCOUNT: '3', LOGIN_MAX_FAILURES_ACCOUNT_ALL: '5', LOGIN_MAX_FAILURES_IP: '6' };

describe('sign-in', () => {
  let svc: Identity;
  let ipCounter = 0;
  // Each test signs in from its own address so the per-IP limit of one test does not touch another.
  const fromNewIp = () => `203.0.113.${++ipCounter}`;

  beforeAll(async () => {
    svc = await startIdentity({ ...LIMITS, ACCESS_TOKEN_TTL: '2h' });
  }, 30_000);
  afterAll(async () => svc?.stop());

  const login = (body: unknown, ip = fromNewIp()) => svc.http().post('/api/login').set('X-Forwarded-For', ip).send(body as object);
  const storeLogin = (body: unknown, ip = fromNewIp()) => svc.http().post('/api/storeLogin').set('X-Forwarded-For', ip).send(body as object);

  describe('user login', () => {
    it('when a verified user signs in, then the answer has user {id, role, profile_image, fname} and an ES256 access_token', async () => {
      const user = await seedUser(svc, { role: 'customer', phone: '2155550199' });
      const res = await login({ email: user.email.toUpperCase(), password: PASSWORD });

      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: user.id, role: 'customer', profile_image: null, fname: 'bo' });
      expect(res.body.user).not.toHaveProperty('passwordHash');
      const decoded = jwt.decode(res.body.access_token, { complete: true })!;
      expect(decoded.header).toMatchObject({ alg: 'ES256', kid: expect.any(String) });
      const claims = decoded.payload as Record<string, unknown>;
      expect(claims).toMatchObject({ sub: String(user.id), kind: 'user', role: 'customer', phone: '2155550199', iss: 'turnbook-identity', aud: 'turnbook' });
      expect((claims.exp as number) - (claims.iat as number)).toBe(2 * 3600);
    });

    it('when a user signs in, then Server-Timing reports the password hash apart from the whole answer', async () => {
      const user = await seedUser(svc);
      const res = await login({ email: user.email, password: PASSWORD });

      expect(res.status).toBe(200);
      const timing = /^app;dur=([\d.]+), hash;dur=([\d.]+)$/.exec(res.headers['server-timing']);
      expect(timing).not.toBeNull();
      const [app, hash] = [Number(timing![1]), Number(timing![2])];
      // The hash is measured (the test stack hashes cheaply, so well under a millisecond is possible) and is part of the whole answer.
      expect(hash).toBeGreaterThan(0);
      expect(hash).toBeLessThanOrEqual(app);
    });

    it('when the token is used, then the caller is that user', async () => {
      const user = await seedUser(svc);
      const { body } = await login({ email: user.email, password: PASSWORD });
      const me = await svc.http().get(`/api/user/${user.id}`).set('Authorization', `Bearer ${body.access_token}`);
      expect(me.status).toBe(200);
      expect(me.body.user.id).toBe(user.id);
    });

    it('when the password is wrong or the email unknown, then 401 with the same spec message', async () => {
      const user = await seedUser(svc);
      const wrong = await login({ email: user.email, password: 'nope' });
      const unknown = await login({ email: 'nobody@example.com', password: PASSWORD });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body.message).toBe(MESSAGES.invalidLogin);
      }
    });

    it('when the password is wrong, then the session prepared for the sign-in is deleted and only a right password leaves one', async () => {
      const user = await seedUser(svc);
      const sub = String(user.id);
      expect((await login({ email: user.email, password: 'nope' })).status).toBe(401);
      await eventually(async () => {
        expect(await count(svc, 'sessions', { sub })).toBe(0);
        expect(await count(svc, 'refresh_tokens', { sub })).toBe(0);
      });
      expect((await login({ email: user.email, password: PASSWORD })).status).toBe(200);
      expect(await count(svc, 'sessions', { sub })).toBe(1);
      expect(await count(svc, 'refresh_tokens', { sub })).toBe(1);
    });

    it('when an account fails too often from one address, then 429 rateLimited says when to try again (body retryAfter, Retry-After header), even for the right password', async () => {
      const victim = await seedUser(svc);
      const other = await seedUser(svc);
      const ip = fromNewIp();
      for (let i = 0; i < 3; i++) expect((await login({ email: victim.email, password: `guess${i}` }, ip)).status).toBe(401);

      const locked = await login({ email: victim.email, password: PASSWORD }, ip);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ code: 'rateLimited', retryAfter: expect.any(Number), message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' });
      // The window is 15 minutes and the first failure was just now.
      expect(locked.body.retryAfter).toBeGreaterThan(14 * 60);
      expect(locked.body.retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(Number(locked.headers['retry-after'])).toBe(locked.body.retryAfter);

      expect((await login({ email: other.email, password: PASSWORD }, ip)).status).toBe(200);
    });

    it("when someone fails an account's password from their address, then the owner still signs in from another address", async () => {
      const owner = await seedUser(svc);
      const attacker = fromNewIp();
      for (let i = 0; i < 4; i++) await login({ email: owner.email, password: `guess${i}` }, attacker);
      expect((await login({ email: owner.email, password: PASSWORD }, attacker)).status).toBe(429);
      expect((await login({ email: owner.email, password: PASSWORD })).status).toBe(200);
    });

    it('when an account fails from many addresses, then the per-account ceiling locks it from every address', async () => {
      const victim = await seedUser(svc);
      for (let i = 0; i < 5; i++) expect((await login({ email: victim.email, password: `guess${i}` })).status).toBe(401);
      const res = await login({ email: victim.email, password: PASSWORD });
      expect([res.status, res.body.code]).toEqual([429, 'rateLimited']);
    });

    it('when ten wrong guesses arrive at once from one address, then at most the limit of them are checked', async () => {
      const victim = await seedUser(svc);
      const ip = fromNewIp();
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => login({ email: victim.email, password: `guess${i}` }, ip)));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
      expect(statuses.filter((s) => s === 401).length + statuses.filter((s) => s === 429).length).toBe(10);
    });

    it('when a sign-in succeeds, then the earlier failures of that account are forgiven', async () => {
      const user = await seedUser(svc);
      const ip = fromNewIp();
      for (let i = 0; i < 2; i++) await login({ email: user.email, password: 'wrong' }, ip);
      expect((await login({ email: user.email, password: PASSWORD }, ip)).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await login({ email: user.email, password: 'wrong' }, ip)).status).toBe(401);
      expect((await login({ email: user.email, password: PASSWORD }, ip)).status).toBe(200);
    });

    it('when one address tries many accounts, then that address is limited (429) while others still sign in', async () => {
      const ip = fromNewIp();
      for (let i = 0; i < 6; i++) expect((await login({ email: `spray${i}@example.com`, password: 'x' }, ip)).status).toBe(401);
      const user = await seedUser(svc);
      expect((await login({ email: user.email, password: PASSWORD }, ip)).status).toBe(429);
      expect((await login({ email: user.email, password: PASSWORD })).status).toBe(200);
    });
  });

  describe('store login', () => {
    let storeId = 500;
    async function storeAccount() {
      const id = ++storeId;
      const username = `Front-${id}`;
      const res = await internal(svc, 'put', `/store-accounts/${id}`).send({ ownerId: 7, permalink: `salon-${id}`, username, password: 'store pass' });
      expect(res.status).toBe(201);
      return { id, username };
    }

    it('when a store signs in with its username (any case), then a store token and {id, permalink, ownerId}', async () => {
      const { id, username } = await storeAccount();
      const res = await storeLogin({ username: username.toUpperCase(), password: 'store pass' });
      expect(res.status).toBe(200);
      expect(res.body.store).toEqual({ id, permalink: `salon-${id}`, ownerId: 7 });
      expect(jwt.decode(res.body.access_token)).toMatchObject({ sub: `store:${id}`, kind: 'store', role: 'store', storeId: id });
    });

    it("when a store signs in with mode 'kiosk', then a kiosk token bound to the store; without mode it stays the front desk", async () => {
      const { id, username } = await storeAccount();
      const kiosk = await storeLogin({ username, password: 'store pass', mode: 'kiosk' });
      expect(kiosk.status).toBe(200);
      expect(jwt.decode(kiosk.body.access_token)).toMatchObject({ sub: `store:${id}`, kind: 'kiosk', role: 'kiosk', storeId: id });
      const desk = await storeLogin({ username, password: 'store pass' });
      expect(jwt.decode(desk.body.access_token)).toMatchObject({ kind: 'store', storeId: id });
      const bad = await storeLogin({ username, password: 'store pass', mode: 'owner' });
      expect([bad.status, bad.body.field]).toEqual([400, 'mode']);
    });

    it('when the kiosk login fails too often, then it is throttled like the store login (429), the desk login from that address too', async () => {
      const { username } = await storeAccount();
      const ip = fromNewIp();
      for (let i = 0; i < 3; i++) await storeLogin({ username, password: 'bad', mode: 'kiosk' }, ip);
      const kiosk = await storeLogin({ username, password: 'store pass', mode: 'kiosk' }, ip);
      expect([kiosk.status, kiosk.body.code]).toEqual([429, 'rateLimited']);
      expect((await storeLogin({ username, password: 'store pass' }, ip)).status).toBe(429);
    });

    it('when the store password or username is wrong, then 401 with the spec message', async () => {
      const { username } = await storeAccount();
      for (const res of [await storeLogin({ username, password: 'bad' }), await storeLogin({ username: 'nobody', password: 'store pass' })]) {
        expect(res.status).toBe(401);
        expect(res.body.message).toBe(MESSAGES.invalidLogin);
      }
    });

    it("when the client's usual sequence runs (user login with the store username, then store login), then the user attempt does not count against the limits", async () => {
      const { username } = await storeAccount();
      const ip = fromNewIp();
      for (let i = 0; i < 8; i++) {
        const user = await login({ email: username, password: 'store pass' }, ip);
        expect(user.status).toBe(401);
        expect(user.body.message).toBe(MESSAGES.invalidLogin);
        expect((await storeLogin({ username, password: 'store pass' }, ip)).status).toBe(200);
      }
    });

    it('when a store account fails too often, then it is locked (429)', async () => {
      const { username } = await storeAccount();
      const ip = fromNewIp();
      for (let i = 0; i < 3; i++) await storeLogin({ username, password: 'bad' }, ip);
      const res = await storeLogin({ username, password: 'store pass' }, ip);
      expect([res.status, res.body.code, res.body.retryAfter > 0]).toEqual([429, 'rateLimited', true]);
    });
  });

  describe('several instances', () => {
    it('when failures are spread over two instances on one database, then both enforce the same limit', async () => {
      const other = await startIdentity({ ...LIMITS, MONGO_DB: svc.config.mongoDb });
      try {
        const victim = await seedUser(svc);
        const ip = fromNewIp();
        const on = (instance: Identity, password: string) => instance.http().post('/api/login').set('X-Forwarded-For', ip).send({ email: victim.email, password });
        expect((await on(svc, 'guess1')).status).toBe(401);
        expect((await on(other, 'guess2')).status).toBe(401);
        expect((await on(svc, 'guess3')).status).toBe(401);
        expect((await on(other, PASSWORD)).status).toBe(429);
        expect((await on(svc, PASSWORD)).status).toBe(429);
      } finally {
        // Stop without dropping the shared database.
        await other.bus.stop().catch(() => undefined);
        await other.db.close().catch(() => undefined);
      }
    });
  });
});
