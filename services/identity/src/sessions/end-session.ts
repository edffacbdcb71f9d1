import { digestOf } from '../credentials/secret-token';
import { clearedRefreshCookie } from './cookie';
import { revokeSession, type SessionDeps } from './sessions';

/** Logout: the cookie's session ends, its access tokens included. No cookie or an unknown one: nothing to do. */
export async function endSession(d: SessionDeps, secret: string | undefined): Promise<string> {
  if (secret) {
    const token = await d.sessions.findToken(digestOf(secret));
    if (token) await revokeSession(d, token.sid);
  }
  return clearedRefreshCookie(d.secureCookies);
}
