import { useCallback } from 'react';
import { apiRequest } from '../api/api-client';
import { useSession } from './session-store';

/**
 * The kiosk tablet's own app for a store (/kiosk/{permalink}): the only place kiosk mode runs, with no shell
 * around it (no header, menu or footer, docs/product/kiosk.md).
 */
export const kioskAppPath = (permalink: string) => `/kiosk/${encodeURIComponent(permalink)}`;

/** Full page loads go through here so tests can observe them (jsdom cannot navigate). */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** A full page load that takes the current page's place in the history (Back does not return to it). */
  replace(url: string): void {
    window.location.replace(url);
  },
};

/**
 * Log out: end the session on the server (its refresh cookie and access tokens are revoked), forget it
 * here (but the new-update marker) and go home (docs/product/statuses.md). A full page load, not a router
 * navigation: it also drops every cached query of the previous user, and no token guard of the page being
 * left can redirect to /login first. Offline, the local session is forgotten all the same.
 */
export function useLogout(): () => Promise<void> {
  return useCallback(async () => {
    await apiRequest('POST auth/logout', { body: {} }).catch(() => undefined);
    useSession.getState().clearSession();
    pageNavigation.assign('/');
  }, []);
}
