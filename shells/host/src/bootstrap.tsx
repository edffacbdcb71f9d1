import { useSession } from '@turnbook/web-kit';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
// A public page prerendered at build time (build/prerender.mjs, logged out) is hydrated: its markup stays
// on screen and each lazy part takes it over when its code arrives. Logged in, the same address shows
// something else (a redirect), so the app renders from scratch.
const path = (p: string) => p.replace(/(.)\/+$/, '$1');
const prerendered = container.dataset.prerendered;
const hydrate = prerendered !== undefined && path(prerendered) === path(window.location.pathname) && !useSession.getState().access_token;
// The first render (or hydration) as a transition: React yields to the browser every few milliseconds
// instead of holding the main thread for the whole tree (one long task on a slow phone).
startTransition(() => {
  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
