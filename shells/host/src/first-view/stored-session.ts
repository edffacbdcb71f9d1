// The stored session as a first view's script reads it before the app runs: a type-only import of web-kit's
// keys checks the names, and nothing of web-kit is bundled.
import type { SessionKey } from '@turnbook/web-kit/session/session-keys';

const ACCESS_TOKEN: SessionKey = 'access_token';
const ROLE: SessionKey = 'role';

/** The page's local storage, or undefined where the browser blocks it. */
export function pageStorage(): Pick<Storage, 'getItem'> | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Whether the stored session has a token, and, given a role, that role. */
export function signedInAs(storage: Pick<Storage, 'getItem'> | undefined, role?: string): boolean {
  try {
    return Boolean(storage?.getItem(ACCESS_TOKEN)) && (role === undefined || storage?.getItem(ROLE) === role);
  } catch {
    return false;
  }
}
