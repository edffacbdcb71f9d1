import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in a page's prerendered markup (build/prerender.mjs) and while React hydrates it, true once the app
 * runs it (at once when the app renders the page itself). A form's submit button says it is not ready yet
 * (aria-disabled) until then; after-first-paint.js keeps the form from submitting natively meanwhile.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
