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
// A page prerendered for a prefix ('/booking/*') stands for every path under it.
const path = (p: string) => p.replace(/(.)\/+$/, '$1');
const prerendered = container.dataset.prerendered;
const here = window.location.pathname;
const matches = (p: string) => (p.endsWith('/*') ? here.startsWith(p.slice(0, -1)) : path(p) === path(here));
const hydrate = prerendered !== undefined && matches(prerendered) && !useSession.getState().access_token;
// The first render (or hydration) as a transition: React yields to the browser every few milliseconds
// instead of holding the main thread for the whole tree (one long task on a slow phone).
startTransition(() => {
  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
