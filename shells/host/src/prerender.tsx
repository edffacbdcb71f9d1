import { pageTitleFor } from '@turnbook/web-kit';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static.node';
import { StaticRouter } from 'react-router';
import { StoreCard } from '../../../mfes/booking/src/features/booking-page/store-card';
import { App } from './app/app';
import { FirstViewContent } from './app/first-view';

/**
 * The first view of a page that stands for many addresses (app/first-view.tsx): markup its own script fills
 * before the app runs. Every /booking/{permalink}: the booking module's store card, empty and logged out
 * (first-view/booking.ts fills it from the store call; logged in, the app renders the page from scratch).
 */
const FIRST_VIEWS: Record<string, ReactNode> = {
  '/booking/': <StoreCard store={null} loggedIn={false} />,
};

/**
 * The public pages as HTML, rendered at build time (build/prerender.mjs) with every lazy part resolved:
 * the browser paints the real page (heading, form, footer) before any script, and the app hydrates it.
 * The tree is the client's (bootstrap.tsx) with a static router, logged out.
 */
export async function renderPage(url: string): Promise<{ html: string; title: string; description: string }> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <FirstViewContent value={FIRST_VIEWS[url] ?? null}>
          <App />
        </FirstViewContent>
      </StaticRouter>
    </StrictMode>,
    // Every boundary inline, as finished markup: no outlined segment needing React's inline swap script
    // (the gateway's content security policy allows no inline script).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return { html, ...pageTitleFor(url) };
}
