import { useCallback } from 'react';
import { useSession } from './session-store';

/** Full page loads go through here so tests can observe them (jsdom cannot navigate). */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Log out: forget the session (but the new-update marker) and go home (docs/product/statuses.md). A full page load,
 * not a router navigation: it also drops every cached query of the previous user, and no token guard
 * of the page being left can redirect to /login first.
 */
export function useLogout(): () => void {
  return useCallback(() => {
    useSession.getState().clearSession();
    pageNavigation.assign('/');
  }, []);
}
