import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { RemoteJwks } from '../src/auth';
import { AppError } from '../src/errors';

describe("identity's signing keys seen from another service", () => {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  let up = false;
  const server = http.createServer((_req, res) => {
    if (!up) return void res.writeHead(503).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1' }] }));
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('when the keys cannot be fetched yet, then a request gets 503 (not "invalid token") and the next one tries again at once', async () => {
    up = false;
    const jwks = new RemoteJwks(url);
    await jwks.warm();
    const err = await jwks.getKey('k1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
    up = true;
    expect(await jwks.getKey('k1')).toBeDefined();
  });

  it('when the keys are known, then an unknown key id is simply not found', async () => {
    up = true;
    const jwks = new RemoteJwks(url);
    await jwks.warm();
    expect(await jwks.getKey('k1')).toBeDefined();
    expect(await jwks.getKey('other')).toBeUndefined();
  });
});
