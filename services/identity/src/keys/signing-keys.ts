import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { signAccessToken, type KeySource, type TokenClaims } from '@turnbook/service-kit';
import type { SigningKeysRepository } from './repository';

/** The first key of a fresh database. A fixed id makes two instances starting at once collide on the
 * unique _id, so exactly one key is created and both sign with it. Later keys (rotation) get new ids. */
export const FIRST_KID = 'identity-es256-1';

/** Signs an access token with the configured lifetime (wired in service.ts). */
export type IssueToken = (claims: TokenClaims) => string;

/** One key of the JWKS answer (libs/contracts JwksResponse). */
export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

/** Identity's ES256 keys: signs access tokens, verifies them (its own KeySource) and publishes the JWKS. */
export class SigningKeys implements KeySource {
  private signer?: { privateKey: KeyObject; kid: string };
  private readonly publicKeys = new Map<string, { key: KeyObject; jwk: PublicJwk }>();

  constructor(
    private readonly repo: SigningKeysRepository,
    private readonly fromEnvPem?: string,
  ) {}

  async init(): Promise<void> {
    if (this.fromEnvPem) {
      const privateKey = createPrivateKey(this.fromEnvPem); // checked to be P-256 by the config
      const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
      const kid = thumbprint(jwk);
      this.remember(kid, jwk);
      this.signer = { privateKey, kid };
      return;
    }
    let keys = await this.repo.all();
    if (!keys.length) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      await this.repo.insert({
        _id: FIRST_KID,
        privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        publicJwk: publicKey.export({ format: 'jwk' }),
        createdAt: new Date(),
      });
      keys = await this.repo.all();
    }
    for (const k of keys) this.remember(k._id, k.publicJwk);
    this.signer = { privateKey: createPrivateKey(keys[0].privatePem), kid: keys[0]._id };
  }

  sign(claims: TokenClaims, ttlSeconds: number): string {
    if (!this.signer) throw new Error('signing keys not initialised');
    return signAccessToken(claims, this.signer, ttlSeconds);
  }

  /** KeySource: a kid we have not seen may have been added by another instance, so look in the DB. */
  async getKey(kid: string): Promise<KeyObject | undefined> {
    if (!this.publicKeys.has(kid) && !this.fromEnvPem) {
      const doc = await this.repo.findById(kid);
      if (doc) this.remember(doc._id, doc.publicJwk);
    }
    return this.publicKeys.get(kid)?.key;
  }

  jwks(): { keys: PublicJwk[] } {
    return { keys: [...this.publicKeys.values()].map((k) => k.jwk) };
  }

  private remember(kid: string, jwk: JsonWebKey) {
    // An EC public key always has these four.
    const { kty, crv, x, y } = jwk as Required<Pick<JsonWebKey, 'kty' | 'crv' | 'x' | 'y'>>;
    const pub: PublicJwk = { kty, crv, x, y, kid, alg: 'ES256', use: 'sig' };
    this.publicKeys.set(kid, { key: createPublicKey({ key: { kty, crv, x, y }, format: 'jwk' }), jwk: pub });
  }
}

/** RFC 7638 thumbprint of an EC public key: a stable kid for a key given in the environment. */
function thumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}
