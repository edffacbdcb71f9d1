import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { signAccessToken, type KeySource } from '@turnbook/service-kit';

/** A key pair standing in for identity's, so a service can be tested alone. */
export function testKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = 'test-key';
  const source: KeySource = { getKey: async (k: string): Promise<KeyObject | undefined> => (k === kid ? publicKey : undefined) };
  const sign = (claims: Parameters<typeof signAccessToken>[0]) => signAccessToken(claims, { privateKey, kid });
  return {
    source,
    /** A user's token; a phone given is a verified one (as identity signs it). */
    user: (userId: number, role = 'professional', phone?: string) =>
      sign({ sub: String(userId), kind: 'user', role, ...(phone ? { phone, phone_verified: true as const } : {}) }),
    /** A token carrying a phone that was never verified (what identity signed before phones were verified). */
    userWithUnverifiedPhone: (userId: number, phone: string, role = 'customer') => sign({ sub: String(userId), kind: 'user', role, phone }),
    superAdmin: (userId = 1) => sign({ sub: String(userId), kind: 'user', role: 'super admin' }),
    store: (storeId: number) => sign({ sub: `store:${storeId}`, kind: 'store', role: 'store', storeId }),
    kiosk: (storeId: number) => sign({ sub: `store:${storeId}`, kind: 'kiosk', role: 'kiosk', storeId }),
  };
}
export type TestKeys = ReturnType<typeof testKeys>;
