// booking.html's first script (build/prerender.mjs builds it alone, without React): fills the prerendered
// store card from the store call the gateway preloads with the page, while the app is still loading.
import { showStoreCard } from '../../../../mfes/booking/src/features/booking-page/first-view';
import { FIRST_VIEW_ID, FIRST_VIEW_SETTLED, giveWayToPage } from './slot';
import { pageStorage, signedInAs } from './stored-session';

/**
 * The card is filled (or left hidden): the app may start (build/static/after-first-paint.js waits for this),
 * once the frame with the card is painted.
 */
function settled(slot: HTMLElement): void {
  delete slot.dataset.pending;
  requestAnimationFrame(() => setTimeout(() => document.dispatchEvent(new Event(FIRST_VIEW_SETTLED)), 0));
}

const slot = document.getElementById(FIRST_VIEW_ID);
// Logged in, the app renders the page from scratch in the menu frame (bootstrap.tsx): nothing to fill.
if (slot && !signedInAs(pageStorage())) {
  void showStoreCard(slot, window.location.pathname, (url) => fetch(url)).then((shown) => {
    if (shown) giveWayToPage(slot);
    settled(slot);
  });
} else if (slot) settled(slot);
