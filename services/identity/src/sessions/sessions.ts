import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@turnbook/contracts';
import { AppError, type EventBus, type SessionRevocations, type TokenClaims } from '@turnbook/service-kit';
import { digestOf, newSecret } from '../credentials/secret-token';
import { clearedRefreshCookie, REFRESH_COOKIE, refreshCookie } from './cookie';
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

/**
 * Rotates the refresh token: the cookie's token is used up and a new one set, with a new access token.
 * A token used a second time means it was copied: the whole session is revoked (after a few seconds'
 * grace, which two tabs refreshing at once need). Anything wrong is 401 `sessionExpired`.
 */
export async function refreshSession(d: SessionDeps, secret: string | undefined): Promise<IssuedSession> {
  // No cookie at all is a malformed call (a 400 naming it); a cookie that no longer works is an ended session.
  if (!secret) throw new AppError('validation', `${REFRESH_COOKIE}: is required (the session cookie)`, REFRESH_COOKIE);
  const digest = digestOf(secret);
  const token = await d.sessions.findToken(digest);
  if (!token || token.expiresAt.getTime() <= Date.now()) throw expired();
  const session = await d.sessions.findSession(token.sid);
  if (!session || session.revokedAt) throw expired();
  const use = await d.sessions.markUsed(digest);
  if (!use.first) {
    if (Date.now() - use.at.getTime() > REUSE_GRACE_MS) await revokeSession(d, session._id);
    throw expired();
  }
  const setCookie = await newRefreshToken(d, session._id, session.sub);
  return { access_token: d.signAccessToken({ ...session.claims, sid: session._id }), sid: session._id, setCookie };
}

/** Another tab may refresh with the same cookie a moment before; that is not theft. */
export const REUSE_GRACE_MS = 10_000;

/** Logout: the cookie's session ends, its access tokens included. No cookie or an unknown one: nothing to do. */
export async function endSession(d: SessionDeps, secret: string | undefined): Promise<string> {
  if (secret) {
    const token = await d.sessions.findToken(digestOf(secret));
    if (token) await revokeSession(d, token.sid);
  }
  return clearedRefreshCookie(d.secureCookies);
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

async function newRefreshToken(d: SessionDeps, sid: string, sub: string): Promise<string> {
  const { secret, digest } = newSecret();
  const now = Date.now();
  await d.sessions.insertToken({ _id: digest, sid, sub, createdAt: new Date(now), expiresAt: new Date(now + d.refreshTtlSeconds * 1000) });
  return refreshCookie(secret, d.refreshTtlSeconds, d.secureCookies);
}

const expired = () => new AppError('sessionExpired', MESSAGES.sessionExpired);
