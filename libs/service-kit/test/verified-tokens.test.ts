import { generateKeyPairSync } from 'node:crypto';
import { AppError, SessionRevocations, signAccessToken, VerifiedTokens, verifyToken, type KeySource } from '../src';
import { MESSAGES } from '@turnbook/contracts';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
let keyLookups = 0;
const keys: KeySource = {
  getKey: async (kid) => {
    keyLookups += 1;
    return kid === 'k1' ? publicKey : undefined;
  },
};
const sign = (sub: string, ttlSeconds = 600, sid?: string) => signAccessToken({ sub, kind: 'user', role: 'professional', ...(sid ? { sid } : {}) }, { privateKey, kid: 'k1' }, ttlSeconds);

describe('verifyToken with the verified tokens of the process', () => {
  beforeEach(() => {
    keyLookups = 0;
    jest.useRealTimers();
  });

  it('when the same token comes again, then its signature is not checked again and the caller is the same', async () => {
    const verified = new VerifiedTokens();
    const token = sign('7');
    const first = await verifyToken(token, keys, undefined, verified);
    const again = await verifyToken(token, keys, undefined, verified);
    expect(again).toEqual(first);
    expect(again).toMatchObject({ userId: 7, kind: 'user' });
    expect(keyLookups).toBe(1);
  });

  it('when a remembered token is altered, then it is checked as a new token and refused', async () => {
    const verified = new VerifiedTokens();
    const token = sign('7');
    await verifyToken(token, keys, undefined, verified);
    const [header, , signature] = token.split('.');
    const forged = [header, Buffer.from(JSON.stringify({ sub: '1', kind: 'user', role: 'super admin', exp: 9999999999 })).toString('base64url'), signature].join('.');
    const err = (await verifyToken(forged, keys, undefined, verified).catch((e: unknown) => e)) as AppError;
    expect([err.status, err.code, err.message]).toEqual([401, 'invalidToken', MESSAGES.invalidToken]);
  });

  it.each(['not-a-token', 'a.b.c', ''])('when the token is malformed (%j), then it is refused with invalidToken, the code the client signs in again on', async (bad) => {
    const err = (await verifyToken(bad, keys).catch((e: unknown) => e)) as AppError;
    expect([err.status, err.code]).toEqual([401, 'invalidToken']);
  });

  it('when a remembered token\'s session is revoked, then it is refused at once', async () => {
    const verified = new VerifiedTokens();
    const revoked = new SessionRevocations();
    const token = sign('7', 600, 's1');
    await verifyToken(token, keys, revoked, verified);
    await new Promise((r) => setTimeout(r, 5));
    revoked.note({ sid: 's1', at: Date.now() });
    const err = (await verifyToken(token, keys, revoked, verified).catch((e: unknown) => e)) as AppError;
    expect(err.code).toBe('sessionExpired');
  });

  it('when a remembered token expires, then it is refused with sessionExpired', async () => {
    const verified = new VerifiedTokens();
    const token = sign('7', 60);
    await verifyToken(token, keys, undefined, verified);
    jest.useFakeTimers({ now: Date.now() + 61_000 });
    const err = (await verifyToken(token, keys, undefined, verified).catch((e: unknown) => e)) as AppError;
    jest.useRealTimers();
    expect([err.code, err.status]).toEqual(['sessionExpired', 401]);
  });
});
