import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import type { PublicStoreView } from '@turnbook/contracts/schemas/scheduling';
import { fillStoreCard } from '../../../mfes/booking/src/features/booking-page/first-view';
import { App } from './app/app';
import { giveWayToPage } from './first-view/slot';
import { configureApi, useSession } from '@turnbook/web-kit';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import AppointmentsPage from '../../../mfes/booking/src/features/appointments/appointments-page';
import { AppFrame } from './features/frame/app-frame';
import type { renderPage as RenderPage, renderSignedInView as RenderSignedInView } from './prerender';

/**
 * The build's render, with modules of its own (build/prerender.mjs runs it in another process): React's
 * server renderer can leave the router's context values set in the module copies it rendered with.
 */
async function renderPage(url: string): ReturnType<typeof RenderPage> {
  let page: Awaited<ReturnType<typeof RenderPage>> | undefined;
  await jest.isolateModulesAsync(async () => {
    page = await (require('./prerender') as { renderPage: typeof RenderPage }).renderPage(url);
  });
  return page!;
}

async function renderSignedInView(url: string): ReturnType<typeof RenderSignedInView> {
  let page: Awaited<ReturnType<typeof RenderSignedInView>> | undefined;
  await jest.isolateModulesAsync(async () => {
    page = await (require('./prerender') as { renderSignedInView: typeof RenderSignedInView }).renderSignedInView(url);
  });
  return page!;
}

const STORE = {
  id: 1, name: 'lotus nail spa', street: '1 main st', address2: '', city: 'philadelphia', state: 'PA', zip: '19103', email: 'lotus@x.com',
  phone: '2155550100', permalink: 'lotus-nail-spa', status: 'ON', timezone: 'America/New_York', hours: { mon: '10:00 am-6:00 pm' },
} as PublicStoreView;

// React's Node renderer schedules its work with setImmediate, which the DOM test environment leaves out.
beforeAll(() => {
  if (!globalThis.setImmediate) Object.assign(globalThis, { setImmediate: (fn: () => void) => setTimeout(fn, 0) });
});

/**
 * The prerendered page in the document at its address, hydrated as bootstrap.tsx does; `before` runs on
 * the document first (the page's own first-view script).
 */
async function hydrate(url: string, renderedAs = url, before?: (container: HTMLElement) => void) {
  const { html } = await renderPage(renderedAs);
  window.history.replaceState(null, '', url);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  before?.(container);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
      { onRecoverableError: (e) => errors.push(e) },
    );
  });
  return { container, errors };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the prerendered public pages', () => {
  it('when /login is prerendered, then its heading, fields and button are in the markup and no loading state', async () => {
    const { html, title } = await renderPage('/login');
    expect(html).toContain('>Log in</h1>');
    expect(html).toContain('name="email"');
    expect(html).toContain('name="password"');
    expect(html).not.toContain('Loading…');
    expect(title).toMatch(/Log in/);
  });

  it('when / and /register are prerendered, then each holds its own heading', async () => {
    expect((await renderPage('/')).html).toContain('Appointments for nail and beauty salons, made simple.');
    expect((await renderPage('/register')).html).toContain('>Create your account</h1>');
  });

  it.each(['/', '/login', '/register'])('when %s is hydrated in the browser, then React finds its markup as it renders it (no mismatch)', async (url) => {
    const { container, errors } = await hydrate(url);
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).not.toBeNull();
  });

  it('when /login is prerendered, then its fields are read-only and its button aria-disabled until the app has hydrated them', async () => {
    const { html } = await renderPage('/login');
    expect(html.match(/<input[^>]*readOnly=""/g)).toHaveLength(2);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*aria-disabled="true"/);
    await hydrate('/login');
    expect(screen.getByLabelText(/^Email or username/)).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Log in' })).not.toHaveAttribute('aria-disabled');
  });

  it('when the hydrated login page is submitted empty, then its checks answer (the form is live) and nothing mismatched', async () => {
    const { errors } = await hydrate('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your email or username')).toBeInTheDocument();
    expect(errors).toEqual([]);
  });

  it('when /booking/ is prerendered for every store page, then it holds the public frame, the loading state and the store card empty, first in <main>, and a store page hydrates it without mismatch', async () => {
    const { html } = await renderPage('/booking/');
    expect(html).toContain('Loading…');
    expect(html).toContain('<footer');
    expect(html).toMatch(/<main id="main" class="tb-main"><div id="tb-first-view" class="tb-first-view" data-pending=""><article [^>]*aria-labelledby="store-name"/);
    expect(html).toContain('Business hours');
    expect((await renderPage('/login')).html).not.toContain('tb-first-view');
    // The module's routes come from remotes.json: not listed here, so the route ends at the shell's 404.
    const fetchMock = jest.fn(() => Promise.reject(new Error('offline')));
    Object.assign(globalThis, { fetch: fetchMock });
    const { errors } = await hydrate('/booking/lotus-nail-spa', '/booking/');
    expect(errors).toEqual([]);
    expect(fetchMock).toHaveBeenCalledWith('/mfe/remotes.json');
  });

  it('when the store card was filled before the app ran, then hydration keeps it (no mismatch) until the route shows its own content, which replaces it', async () => {
    const fetchMock = jest.fn(() => Promise.reject(new Error('offline')));
    Object.assign(globalThis, { fetch: fetchMock });
    const { container, errors } = await hydrate('/booking/lotus-nail-spa', '/booking/', (doc) => {
      // What the page's script does (first-view/booking.ts): fill the card, then keep it until the page's content comes.
      const slot = doc.querySelector<HTMLElement>('#tb-first-view')!;
      expect(fillStoreCard(slot, STORE)).toBe(true);
      giveWayToPage(slot);
    });
    expect(errors).toEqual([]);
    // Without remotes.json the route ends at the shell's 404 page: the route's own content.
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const slot = container.querySelector<HTMLElement>('#tb-first-view')!;
    expect(slot.childElementCount).toBe(0);
    expect(slot.dataset.ready).toBeUndefined();
  });
});

describe('the prerendered signed-in page', () => {
  /**
   * An element's markup, its inline styles written one way (the server writes `a:b`, the DOM `a: b;`),
   * without what only a live router adds to links.
   */
  const markup = (el: Element | null) =>
    (el?.outerHTML ?? '')
      .replace(/ style="([^"]*)"/g, (_, css: string) => ` style="${css.replace(/\s*([:;])\s*/g, '$1').replace(/;$/, '')}"`)
      .replace(/ data-discover="true"/g, '')
      // The footer's year is the browser's (none at build time: site-footer.tsx).
      .replace(/<!-- -->/g, '')
      .replace(/© \d{4}/, '© ');

  it('when /appointments is prerendered, then its header and page are the markup the app draws for a customer before the account loads, and its menu the customer’s entries', async () => {
    const { html } = await renderSignedInView('/appointments');
    const view = document.createElement('div');
    view.innerHTML = html;
    expect(view.querySelector('#tb-signed-in-view')).toHaveAttribute('data-role', 'customer');
    expect(view.querySelector('#tb-signed-in-view')).toHaveAttribute('inert');

    useSession.getState().clearSession();
    useSession.getState().setSession({ access_token: 't', user_id: '9', role: 'customer' });
    // The account call never answers: the page stays at its first render, as the view draws it.
    configureApi({ onSessionExpired: () => undefined, fetch: (() => new Promise<Response>(() => undefined)) as typeof fetch });
    const app = renderWithProviders(<AppFrame><AppointmentsPage /></AppFrame>, { path: '/appointments' });
    await screen.findByRole('navigation', { name: 'Main menu' });
    for (const part of ['header', '#main', 'footer.tb-footer']) {
      expect(markup(view.querySelector(part))).toBe(markup(app.container.querySelector(part)));
    }
    const entries = (root: ParentNode) => [...root.querySelectorAll('nav[aria-label="Main menu"] .mantine-NavLink-label')].map((e) => e.textContent);
    expect(entries(view)).toEqual(entries(app.container));
    expect(entries(view)).toEqual(['Appointments', 'My Account', 'Log Out']);
  });
});
