import { randomUUID } from 'node:crypto';
import type { EventBus, SessionRevocations, TokenClaims } from '@turnbook/service-kit';
import { newSecret } from '../credentials/secret-token';
import { refreshCookie } from './cookie';
import { sessionsRevokedEvent } from './events';
import type { SessionsRepository } from './repository';

export interface SessionDeps {
  sessions: SessionsRepository;
  /** Signs an access token with the configured (short) lifetime. */
  signAccessToken: (claims: TokenClaims) => string;
  bus: EventBus;
  revocations: SessionRevocations;
  refreshTtlSeconds: number;
  secureCookies: boolean;
}

/** A new access token and the Set-Cookie header carrying its session's refresh token. */
export interface IssuedSession {
  access_token: string;
  sid: string;
  setCookie: string;
}

/**
 * The one place tokens are issued (user and store sign-in, a password change that keeps the caller
 * signed in): a new session with its first refresh token and an access token bound to it (`sid`).
 */
export async function issueSession(d: SessionDeps, claims: TokenClaims): Promise<IssuedSession> {
  const sid = randomUUID();
  // Written side by side: a refresh token whose session is missing is refused (refreshSession), and the
  // cookie is only sent once both are stored.
  const [, setCookie] = await Promise.all([
    d.sessions.insertSession({ _id: sid, sub: claims.sub, claims, createdAt: new Date(), revokedAt: null }),
    newRefreshToken(d, sid, claims.sub),
  ]);
  return { access_token: d.signAccessToken({ ...claims, sid }), sid, setCookie };
}

/** Ends one session: its refresh tokens are deleted and its access tokens refused everywhere. */
export async function revokeSession(d: SessionDeps, sid: string): Promise<void> {
  const at = Date.now();
  await d.sessions.revokeSession(sid, new Date(at));
  await announce(d, { sid, at });
}

/**
 * The subject's claims changed (a phone verified): its live sessions carry the new claims from their next
 * refresh, and the caller gets an access token with them now, in the caller's own session (`sid`), so
 * logging out of it refuses the new token too.
 */
export async function reissueClaims(d: SessionDeps, claims: TokenClaims, sid?: string): Promise<string> {
  await d.sessions.updateClaims(claims.sub, claims);
  return d.signAccessToken(sid ? { ...claims, sid } : claims);
}

/**
 * Ends every session of a token subject ("<userId>", "store:<storeId>"): after a password change or
 * reset, an email change. Access tokens issued before now are refused by every service.
 */
export async function revokeSubject(d: SessionDeps, sub: string): Promise<void> {
  const at = Date.now();
  await d.sessions.revokeSubject(sub, new Date(at));
  await announce(d, { sub, at });
}

async function announce(d: SessionDeps, r: { sub?: string; sid?: string; at: number }) {
  // This instance refuses the tokens at once; the others when the event reaches them (milliseconds).
  d.revocations.note(r);
  await d.bus.publishDurably(sessionsRevokedEvent(d.bus, r));
}

/** A new refresh token of the session, stored by digest; answers the Set-Cookie header carrying it. */
export async function newRefreshToken(d: SessionDeps, sid: string, sub: string): Promise<string> {
  const { secret, digest } = newSecret();
  const now = Date.now();
  await d.sessions.insertToken({ _id: digest, sid, sub, createdAt: new Date(now), expiresAt: new Date(now + d.refreshTtlSeconds * 1000) });
  return refreshCookie(secret, d.refreshTtlSeconds, d.secureCookies);
}
