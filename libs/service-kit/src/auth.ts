import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { MESSAGES } from '@turnbook/contracts';
import { AppError } from './errors';
import type { RevokedSessions } from './revocations';

/** Who is calling, from a verified access token. */
/** 'store' is the front desk (the store login); 'kiosk' the same login in kiosk mode, for the door tablet. */
export type CallerKind = 'user' | 'store' | 'kiosk';

export interface Caller {
  kind: CallerKind;
  /** Users: the user id. Store logins: the store owner's id is not implied; userId is absent. */
  userId?: number;
  /** 'super admin' | 'professional' | 'customer' for users; 'store' or 'kiosk' for store logins. */
  role: string;
  /** Store logins (front desk and kiosk) are bound to one store. */
  storeId?: number;
  /** The caller's phone, only when they verified it with a texted code (it scopes a customer's access). */
  phone?: string;
  /** The session the token belongs to: a token reissued for the caller stays in it (logout ends both). */
  sid?: string;
}

export interface TokenClaims {
  sub: string;
  kind: CallerKind;
  role: string;
  storeId?: number;
  phone?: string;
  /** Set with `phone` once the number was confirmed by a texted code; a phone without it grants nothing. */
  phone_verified?: true;
  /** The session (refresh-token family) the token was issued in; logout revokes it. */
  sid?: string;
}

export const TOKEN_ISSUER = 'turnbook-identity';
export const TOKEN_AUDIENCE = 'turnbook';

/** Supplies verification keys by key id. Identity uses its own keys; other services fetch its JWKS. */
export interface KeySource {
  getKey(kid: string): Promise<KeyObject | undefined>;
}

/**
 * Fetches identity's JWKS, caches keys by kid, and refetches (at most every 10 s after a successful fetch) on
 * an unknown kid. When the keys cannot be fetched at all (identity restarting, a process just started), a
 * token is not "invalid": the caller gets 503 and the next request tries again at once.
 */
export class RemoteJwks implements KeySource {
  private keys = new Map<string, KeyObject>();
  private lastFetch = 0;
  private inflight?: Promise<void>;

  constructor(private readonly url: string) {}

  async getKey(kid: string): Promise<KeyObject | undefined> {
    if (!this.keys.has(kid) && Date.now() - this.lastFetch > 10_000) {
      this.inflight ??= this.refresh().finally(() => (this.inflight = undefined));
      try {
        await this.inflight;
      } catch {
        if (this.keys.size === 0) throw new AppError('unavailable', 'Sign-in keys are not available yet; please try again');
      }
    }
    return this.keys.get(kid);
  }

  /** Loads the keys ahead of the first request (start-up); a failure is retried on demand. */
  async warm(): Promise<void> {
    await this.refresh().catch(() => undefined);
  }

  private async refresh() {
    const res = await fetch(this.url, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
    const body = (await res.json()) as { keys: Array<JsonWebKey & { kid: string }> };
    for (const jwk of body.keys) this.keys.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
    this.lastFetch = Date.now();
  }
}

type VerifiedClaims = TokenClaims & { iat?: number; exp?: number };

/** Tokens remembered at most per process; the least recently verified go first. */
const MAX_VERIFIED_TOKENS = 10_000;

/**
 * Tokens whose signature this process has checked, by the whole token (the same bytes verify the same
 * way), until they expire: a signature check costs more than the rest of a cached read. Revocations are
 * still checked on every call.
 */
export class VerifiedTokens {
  private readonly tokens = new Map<string, { claims: VerifiedClaims; exp: number }>();

  get(token: string): VerifiedClaims | undefined {
    const hit = this.tokens.get(token);
    if (!hit) return undefined;
    // jsonwebtoken's own rule: expired once the current second reaches exp.
    if (Math.floor(Date.now() / 1000) >= hit.exp) {
      this.tokens.delete(token);
      return undefined;
    }
    return hit.claims;
  }

  set(token: string, claims: VerifiedClaims): void {
    if (typeof claims.exp !== 'number') return; // a token that never expires is checked every time
    if (this.tokens.size >= MAX_VERIFIED_TOKENS) this.tokens.delete(this.tokens.keys().next().value as string);
    this.tokens.set(token, { claims, exp: claims.exp });
  }
}

/**
 * Verifies a bearer token (ES256 only) and returns the caller, or throws 401. An expired token, or one
 * issued before its subject's or session's revocation (password or email change, logout), is 401
 * `sessionExpired`: the client refreshes it once, and signs in again if that fails too.
 */
export async function verifyToken(token: string, keys: KeySource, revoked?: RevokedSessions, verified?: VerifiedTokens): Promise<Caller> {
  let claims = verified?.get(token);
  if (!claims) {
    claims = await checkSignature(token, keys);
    verified?.set(token, claims);
  }
  return callerOf(claims, revoked);
}

async function checkSignature(token: string, keys: KeySource): Promise<VerifiedClaims> {
  const decoded = jwt.decode(token, { complete: true });
  const kid = decoded?.header.kid;
  if (!decoded || !kid || decoded.header.alg !== 'ES256') throw invalidToken();
  const key = await keys.getKey(kid);
  if (!key) throw invalidToken();
  try {
    return jwt.verify(token, key, { algorithms: ['ES256'], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE }) as VerifiedClaims;
  } catch (err) {
    if ((err as Error).name === 'TokenExpiredError') throw new AppError('sessionExpired', MESSAGES.sessionExpired);
    throw invalidToken();
  }
}

/** A token refused outright: its own code, so the client signs in again as it does for an ended session. */
const invalidToken = () => new AppError('invalidToken', MESSAGES.invalidToken);

function callerOf(claims: VerifiedClaims, revoked?: RevokedSessions): Caller {
  const revokedAt = revoked?.revokedAt(claims.sub, claims.sid);
  // iat has millisecond precision (signAccessToken), so a token issued right after a revocation is kept.
  if (revokedAt !== undefined && (claims.iat ?? 0) * 1000 < revokedAt) throw new AppError('sessionExpired', MESSAGES.sessionExpired);
  if (claims.kind === 'store' || claims.kind === 'kiosk') {
    return { kind: claims.kind, role: claims.kind, storeId: Number(claims.storeId) };
  }
  const phone = claims.phone && claims.phone_verified === true ? { phone: claims.phone } : {};
  return { kind: 'user', userId: Number(claims.sub), role: claims.role, ...phone, ...(claims.sid ? { sid: claims.sid } : {}) };
}

export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return m?.[1];
}

/** Signs an access token (ES256). Identity is the only issuer in production; tests use their own keys. */
export function signAccessToken(
  claims: TokenClaims,
  key: { privateKey: KeyObject | string; kid: string },
  ttlSeconds = 12 * 3600,
): string {
  const { sub, ...rest } = claims;
  // A fractional iat (allowed by RFC 7519's NumericDate) orders tokens against revocations within a second.
  return jwt.sign({ ...rest, iat: Date.now() / 1000 }, key.privateKey, {
    algorithm: 'ES256',
    keyid: key.kid,
    subject: sub,
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    expiresIn: ttlSeconds,
  });
}
