import { NavLink } from '@mantine/core';
import { menuEntries } from '@turnbook/domain/roles/roles';
import { pageTitleFor } from '@turnbook/web-kit';
import { UiProviders } from '@turnbook/web-kit/ui';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static.node';
import { StaticRouter } from 'react-router';
import AppointmentsPage from '../../../mfes/booking/src/features/appointments/appointments-page';
import { StoreCard } from '../../../mfes/booking/src/features/booking-page/store-card';
import { App } from './app/app';
import { FirstViewContent } from './app/first-view';
import { FrameShell } from './features/frame/frame-shell';
import { menuHref } from './features/frame/menu-items';
import { SIGNED_IN_VIEW_ID } from './first-view/signed-in-view';

/**
 * The first view of a page that stands for many addresses (app/first-view.tsx): markup its own script fills
 * before the app runs. Every /booking/{permalink}: the booking module's store card, empty and logged out
 * (first-view/booking.ts fills it from the store call; logged in, the app renders the page from scratch).
 */
const FIRST_VIEWS: Record<string, ReactNode> = {
  '/booking/': <StoreCard store={null} loggedIn={false} />,
};

/**
 * Signed-in pages drawn before the app runs (first-view/signed-in-view.ts), by address: the role whose frame
 * is drawn and the page as its first render shows it (no session yet: its loading state).
 */
const SIGNED_IN_VIEWS: Record<string, { role: 'customer'; page: ReactElement }> = {
  '/appointments': { role: 'customer', page: <AppointmentsPage /> },
};

/** Renders a tree to finished markup. */
async function renderToHtml(tree: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>{tree}</StrictMode>,
    // Every boundary inline, as finished markup: no outlined segment needing React's inline swap script
    // (the gateway's content security policy allows no inline script).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

/**
 * The public pages as HTML, rendered at build time (build/prerender.mjs) with every lazy part resolved:
 * the browser paints the real page (heading, form, footer) before any script, and the app hydrates it.
 * The tree is the client's (bootstrap.tsx) with a static router, logged out.
 */
export async function renderPage(url: string): Promise<{ html: string; title: string; description: string }> {
  const html = await renderToHtml(
    <StaticRouter location={url}>
      <FirstViewContent value={FIRST_VIEWS[url] ?? null}>
        <App />
      </FirstViewContent>
    </StaticRouter>,
  );
  return { html, ...pageTitleFor(url) };
}

/**
 * A signed-in page's first view: the role's frame (FrameShell, as AppFrame draws it without the user's name)
 * with the role's menu, around the page's first render. It goes before #root, not in it (the app renders
 * from scratch), and is a picture until the app takes over: inert and hidden from assistive technology.
 */
export async function renderSignedInView(url: string): Promise<{ html: string; title: string; description: string }> {
  const view = SIGNED_IN_VIEWS[url];
  if (!view) throw new Error(`prerender: no signed-in view for ${url}`);
  const entries = menuEntries({ role: view.role, isOwner: false, staffRole: null, storeLogIn: false, hasStore: false, kiosk: false });
  const menu = (
    <nav aria-label="Main menu">
      {entries.map((entry) => (
        // As MainMenu draws them (a link, or a button for Log Out), without addresses: the view is not used.
        entry === 'Log Out' ? (
          <NavLink key={entry} component="button" type="button" label={entry} c="red.8" />
        ) : (
          <NavLink key={entry} component="a" label={entry} active={menuHref(entry, { store_permalink: null, user_id: null }) === url} />
        )
      ))}
    </nav>
  );
  const html = await renderToHtml(
    <UiProviders>
      <StaticRouter location={url}>
        <FrameShell customer={view.role === 'customer'} menuOpened={false} menu={menu}>
          {view.page}
        </FrameShell>
      </StaticRouter>
    </UiProviders>,
  );
  return {
    html: `<div id="${SIGNED_IN_VIEW_ID}" class="tb-signed-in-view" data-role="${view.role}" inert aria-hidden="true">${html}</div>`,
    ...pageTitleFor(url),
  };
}
