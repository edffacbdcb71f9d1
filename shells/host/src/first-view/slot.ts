/**
 * The element of a prerendered page that holds its first view (booking.html: the store's card), filled by
 * the page's own small script before the app runs (first-view/booking.ts) and kept by app/first-view.tsx
 * until the page's content replaces it.
 */
export const FIRST_VIEW_ID = 'tb-first-view';

/** The event the first view's script sends on the document once it is done (after-first-paint.js starts the app then). */
export const FIRST_VIEW_SETTLED = 'tb-first-view';
