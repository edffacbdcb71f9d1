// appointments.html's first script (build/prerender.mjs builds it alone, without React): the prerendered
// frame stays until the app has drawn the page behind it; for anyone not signed in with the view's role it
// goes at once and the app shows what it shows them (the login page).
import { giveWayToApp, SIGNED_IN_VIEW_ID } from './signed-in-view';
import { pageStorage, signedInAs } from './stored-session';

const view = document.getElementById(SIGNED_IN_VIEW_ID);
const root = document.getElementById('root');
if (view && root) {
  if (signedInAs(pageStorage(), view.dataset.role ?? '')) giveWayToApp(view, root);
  else view.remove();
}
