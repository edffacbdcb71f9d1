/**
 * The element of a prerendered page that holds its first view (booking.html: the store's card), filled by
 * the page's own small script before the app runs (first-view/booking.ts) and kept by app/first-view.tsx
 * until the page's content replaces it.
 */
export const FIRST_VIEW_ID = 'tb-first-view';

/** The event the first view's script sends on the document once it is done (after-first-paint.js starts the app then). */
export const FIRST_VIEW_SETTLED = 'tb-first-view';

/**
 * Keeps a filled first view while its parent (<main>) holds only loading states (role="status", hidden
 * meanwhile by public.css) and empties and hides it in the same task as anything else arrives there (the
 * page's own card, a not found page, an error): a MutationObserver's callback runs right after the task that
 * changed <main>, before the next paint, so no frame shows both.
 */
export function giveWayToPage(slot: HTMLElement): void {
  const main = slot.parentElement;
  if (!main) return;
  const replaced = () => {
    if (![...main.children].some((c) => c !== slot && !c.matches('[role="status"]'))) return false;
    slot.replaceChildren();
    delete slot.dataset.ready;
    return true;
  };
  if (replaced()) return;
  const observer = new MutationObserver(() => replaced() && observer.disconnect());
  observer.observe(main, { childList: true });
}
