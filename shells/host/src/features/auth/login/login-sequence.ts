import { MESSAGES } from '@turnbook/contracts/errors/index';
import { api, hasCode, isCustomer, lockedOutText, type SessionValues } from '@turnbook/web-kit';

export const NOT_VERIFIED_TEXT = 'Please check your inbox and click the verification link before your first login';
export const INVALID_LOGIN_TEXT = MESSAGES.invalidLogin;

export interface LoginOutcome {
  session: Partial<SessionValues>;
  redirect: string;
}

export class LoginError extends Error {
  /** Set on 'Not Verified': the email the activation mail can be sent to again. */
  constructor(message: string, readonly unverifiedEmail?: string) {
    super(message);
  }
}

const str = (v: unknown) => (v === undefined || v === null ? null : String(v));

/**
 * The login sequence of docs/product/statuses.md: a user login first; if it fails or has no user, a store login with the
 * lowercased entry as username; if that fails too, the error. 'Not Verified' stops at the user login.
 */
export async function loginSequence(entry: string, password: string): Promise<LoginOutcome> {
  const email = entry.trim();
  try {
    const res = await api.post('POST login', { email, password });
    if (res?.user && res.access_token) {
      return {
        session: {
          access_token: res.access_token,
          user_id: str(res.user.id),
          role: str(res.user.role),
          profile_image: str(res.user.profile_image),
          user_fname: str(res.user.fname),
          store_log_in: 'OFF',
          user_log_in: 'ON',
          user_view: 'ON',
        },
        // A customer's home is their appointments; store creation is for professionals.
        redirect: isCustomer({ role: str(res.user.role) }) ? '/appointments' : '/stores',
      };
    }
  } catch (e) {
    if (hasCode(e, 'notVerified')) throw new LoginError(NOT_VERIFIED_TEXT, email);
    // A throttle is not a wrong password: say when to try again (the store login would be throttled too).
    if (hasCode(e, 'rateLimited')) throw new LoginError(lockedOutText(e.retryAfter));
  }
  try {
    const res = await api.post('POST storeLogin', { username: email.toLowerCase(), password });
    if (res?.access_token && res.store?.permalink) {
      const owner = str(res.store.ownerId);
      return {
        session: {
          access_token: res.access_token,
          store_id: str(res.store.id),
          store_permalink: res.store.permalink,
          store_owner_id: owner,
          owner_id: owner,
          store_log_in: 'ON',
          user_log_in: 'OFF',
          // A store login has no store list of its own: /stores goes straight to the calendar.
          user_view: 'OFF',
        },
        redirect: `/calendar/${res.store.permalink}`,
      };
    }
  } catch (e) {
    if (hasCode(e, 'rateLimited')) throw new LoginError(lockedOutText(e.retryAfter));
  }
  throw new LoginError(INVALID_LOGIN_TEXT);
}
