import { pageTitleFor } from '@turnbook/web-kit';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static.node';
import { StaticRouter } from 'react-router';
import { App } from './app/app';

/**
 * The public pages as HTML, rendered at build time (build/prerender.mjs) with every lazy part resolved:
 * the browser paints the real page (heading, form, footer) before any script, and the app hydrates it.
 * The tree is the client's (bootstrap.tsx) with a static router, logged out.
 */
export async function renderPage(url: string): Promise<{ html: string; title: string; description: string }> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
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
