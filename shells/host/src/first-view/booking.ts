// booking.html's first script (build/prerender.mjs builds it alone, without React): fills the prerendered
// store card from the store call the gateway preloads with the page, while the app is still loading.
import { showStoreCard } from '../../../../mfes/booking/src/features/booking-page/first-view';
import { FIRST_VIEW_ID } from './slot';

const slot = document.getElementById(FIRST_VIEW_ID);
if (slot) void showStoreCard(slot, window.location.pathname, (url) => fetch(url));
