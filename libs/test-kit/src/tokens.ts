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
    user: (userId: number, role = 'professional', phone?: string) =>
      sign({ sub: String(userId), kind: 'user', role, ...(phone ? { phone } : {}) }),
    superAdmin: (userId = 1) => sign({ sub: String(userId), kind: 'user', role: 'super admin' }),
    store: (storeId: number) => sign({ sub: `store:${storeId}`, kind: 'store', role: 'store', storeId }),
    kiosk: (storeId: number) => sign({ sub: `store:${storeId}`, kind: 'kiosk', role: 'kiosk', storeId }),
  };
}
export type TestKeys = ReturnType<typeof testKeys>;
