// appointments.html's first script (build/prerender.mjs builds it alone, without React): the prerendered
// frame stays until the app has drawn the page behind it; for anyone not signed in with the view's role it
// goes at once and the app shows what it shows them (the login page).
import { giveWayToApp, signedInAs, SIGNED_IN_VIEW_ID } from './signed-in-view';

const view = document.getElementById(SIGNED_IN_VIEW_ID);
const root = document.getElementById('root');
if (view && root) {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    storage = undefined;
  }
  if (signedInAs(storage, view.dataset.role ?? '')) giveWayToApp(view, root);
  else view.remove();
}
