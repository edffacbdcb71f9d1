/**
 * A signed-in page's first view (appointments.html: the customer's frame and the page's first render, drawn
 * by src/prerender.tsx). It sits before #root, which public.css keeps hidden while it is there: the app
 * renders from scratch behind it (bootstrap.tsx), and the view is removed in the same task as the page's
 * heading arrives, so no frame shows both and nothing moves.
 */
export const SIGNED_IN_VIEW_ID = 'tb-signed-in-view';

/** How long the view waits for the page before showing whatever the app shows (its loading or error state). */
export const SIGNED_IN_VIEW_WAIT_MS = 10_000;

/** The app has shown the page (its heading), an error, or gone to another address (a redirect). */
function appHasTakenOver(root: HTMLElement, loadedAt: string, location: Pick<Location, 'pathname'>): boolean {
  return location.pathname !== loadedAt || root.querySelector('#main h1, #main [role="alert"]') !== null;
}

/**
 * Keeps the view until the app has taken over #root, then removes it (a MutationObserver's callback runs
 * right after the task that changed #root, before the next paint); at the latest after `waitMs`.
 */
export function giveWayToApp(view: HTMLElement, root: HTMLElement, location: Pick<Location, 'pathname'> = window.location, waitMs = SIGNED_IN_VIEW_WAIT_MS): void {
  const loadedAt = location.pathname;
  if (appHasTakenOver(root, loadedAt, location)) {
    view.remove();
    return;
  }
  const observer = new MutationObserver(() => {
    if (appHasTakenOver(root, loadedAt, location)) done();
  });
  const timer = setTimeout(() => done(), waitMs);
  function done() {
    observer.disconnect();
    clearTimeout(timer);
    view.remove();
  }
  observer.observe(root, { childList: true, subtree: true });
}
