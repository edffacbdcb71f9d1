import { generateKeyPairSync } from 'node:crypto';
import { AppError, SessionRevocations, signAccessToken, verifyToken, type KeySource } from '../src';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const keys: KeySource = { getKey: async (kid) => (kid === 'k1' ? publicKey : undefined) };
const sign = (claims: { sub: string; sid?: string }) => signAccessToken({ kind: 'user', role: 'professional', ...claims }, { privateKey, kid: 'k1' }, 600);

describe('verifyToken and revoked sessions', () => {
  it('when a token was issued before its user or its session was revoked, then it is refused with sessionExpired; one issued after passes', async () => {
    const revoked = new SessionRevocations();
    const before = sign({ sub: '7', sid: 's1' });
    const otherSession = sign({ sub: '8', sid: 's2' });
    await new Promise((r) => setTimeout(r, 5));
    revoked.note({ sub: '7', at: Date.now() });
    revoked.note({ sid: 's2', at: Date.now() });
    await new Promise((r) => setTimeout(r, 5));
    const after = sign({ sub: '7', sid: 's3' });
    for (const token of [before, otherSession]) {
      const err = await verifyToken(token, keys, revoked).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('sessionExpired');
    }
    await expect(verifyToken(after, keys, revoked)).resolves.toMatchObject({ userId: 7 });
    await expect(verifyToken(sign({ sub: '8', sid: 's4' }), keys, revoked)).resolves.toMatchObject({ userId: 8 });
  });

  it('when a token has expired, then the code is sessionExpired (screens renew on the code, not the text)', async () => {
    const old = signAccessToken({ sub: '9', kind: 'user', role: 'customer' }, { privateKey, kid: 'k1' }, -10);
    const err = (await verifyToken(old, keys).catch((e: unknown) => e)) as AppError;
    expect([err.code, err.status]).toEqual(['sessionExpired', 401]);
  });
});
