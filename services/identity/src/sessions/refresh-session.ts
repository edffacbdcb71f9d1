import { MESSAGES } from '@turnbook/contracts';
import { AppError } from '@turnbook/service-kit';
import { digestOf } from '../credentials/secret-token';
import { REFRESH_COOKIE } from './cookie';
import { newRefreshToken, revokeSession, type IssuedSession, type SessionDeps } from './sessions';

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

const expired = () => new AppError('sessionExpired', MESSAGES.sessionExpired);
