import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { MESSAGES } from '@turnbook/contracts';
import { buildService, RemoteJwks, verifyToken } from '@turnbook/service-kit';
import { identityService } from '../service';
import { login, seedUser, startIdentity, type Identity } from '../test/world';

describe('signing keys and JWKS', () => {
  let svc: Identity;
  beforeAll(async () => {
    svc = await startIdentity();
  }, 30_000);
  afterAll(async () => svc?.stop());

  it('when another service fetches the JWKS over HTTP, then it verifies the tokens identity issues', async () => {
    const server = svc.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      const jwks = await fetch(`http://127.0.0.1:${port}/api/.well-known/jwks.json`);
      expect(jwks.status).toBe(200);
      expect(jwks.headers.get('cache-control')).toContain('max-age');
      const body = (await jwks.json()) as { keys: Array<Record<string, string>> };
      expect(body.keys).toEqual([{ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: expect.any(String), alg: 'ES256', use: 'sig' }]);
      expect(body.keys[0]).not.toHaveProperty('d');

      const user = await seedUser(svc, { role: 'customer', phone: '2155550123' });
      const token = await login(svc, user.email);
      const caller = await verifyToken(token, new RemoteJwks(`http://127.0.0.1:${port}/api/.well-known/jwks.json`));
      expect(caller).toEqual({ kind: 'user', userId: user.id, role: 'customer', phone: '2155550123', sid: expect.any(String) });
    } finally {
      server.close();
    }
  });

  it('when a token is signed by another key, then identity refuses it (401)', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = (jwt.decode((await loginToken()), { complete: true })!.header.kid)!;
    const forged = jwt.sign({ kind: 'user', role: 'super admin' }, privateKey, { algorithm: 'ES256', keyid: kid, subject: '1', issuer: 'turnbook-identity', audience: 'turnbook' });
    expect((await svc.http().get('/api/getAllUsers').set('Authorization', `Bearer ${forged}`)).status).toBe(401);
  });

  it('when a token has expired, then 401', async () => {
    const short = await startIdentity({ ACCESS_TOKEN_TTL: '1s' });
    try {
      const user = await seedUser(short);
      const token = await login(short, user.email);
      await new Promise((r) => setTimeout(r, 2100));
      const res = await short.http().get(`/api/user/${user.id}`).set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'sessionExpired', message: MESSAGES.sessionExpired });
    } finally {
      await short.stop();
    }
  });

  it('when two instances start on one fresh database at once, then they share one key and accept each other\'s tokens', async () => {
    const env = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', MONGO_DB: `t-identity-keys-${Date.now()}` } as NodeJS.ProcessEnv;
    const [a, b] = await Promise.all([buildService(identityService, env), buildService(identityService, env)]);
    try {
      expect(await a.db.collection('signing_keys').countDocuments()).toBe(1);
      const ka = (await request(a.app).get('/api/.well-known/jwks.json')).body;
      const kb = (await request(b.app).get('/api/.well-known/jwks.json')).body;
      expect(ka).toEqual(kb);
      const seeded = await request(a.app).post('/internal/seed/users').set('x-internal-token', a.config.INTERNAL_TOKEN)
        .send({ users: [{ email: 'k@example.com', password: 'pw', fname: 'k', lname: 'k', phone: '2155550100', role: 'customer' }] });
      const { body } = await request(a.app).post('/api/login').send({ email: 'k@example.com', password: 'pw' });
      expect((await request(b.app).get(`/api/user/${seeded.body.users[0].id}`).set('Authorization', `Bearer ${body.access_token}`)).status).toBe(200);
    } finally {
      await a.db.dropDatabase();
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('when JWT_PRIVATE_KEY is given, then tokens are signed with it and the JWKS publishes only its public half', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const own = await startIdentity({ JWT_PRIVATE_KEY: pem });
    try {
      const jwks = (await own.http().get('/api/.well-known/jwks.json')).body;
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0].x).toBe(publicKey.export({ format: 'jwk' }).x);
      const user = await seedUser(own);
      const token = await login(own, user.email);
      expect(jwt.verify(token, publicKey, { algorithms: ['ES256'] })).toMatchObject({ sub: String(user.id) });
      expect(await own.db.collection('signing_keys').countDocuments()).toBe(0);
    } finally {
      await own.stop();
    }
  });

  it('when JWT_PRIVATE_KEY is not a P-256 key, then the service refuses to start', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
    await expect(startIdentity({ JWT_PRIVATE_KEY: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() })).rejects.toThrow(/P-256/);
  });

  async function loginToken() {
    const user = await seedUser(svc);
    return login(svc, user.email);
  }
});
