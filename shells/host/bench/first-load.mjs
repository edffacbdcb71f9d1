#!/usr/bin/env node
// What a browser downloads before a page is usable: for each route, a cold headless Chromium (Debian's
// /usr/bin/chromium through playwright-core) opens it on a running stack and adds up the gzip size of every
// JavaScript and CSS file it fetched until the network went quiet (and the styles inline in the page). Module routes are opened signed in (the
// demo owner; the kiosk as the demo store login), with the session copied into a fresh context so the cache
// is empty.
//
//   TURNBOOK_PORT_SHIFT=0 npm start            # in another terminal
//   GATEWAY_URL=http://127.0.0.1:8080 npm run bench:web
//   ROUTES=/login,/customers VERBOSE=1 npm run bench:web   # some routes, file by file
//
// Exits 1 when a route is over its budget (JS 200 KB on public pages and module routes alike, the project's
// standard; the kiosk tablet's own app at /kiosk/{permalink}: JS + CSS 200 KB, signed in through its own
// kiosk-mode form).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { demoLogin, signInAsDemo } from './demo-sign-in.mjs';

const GATEWAY = (process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');

const ONLY = process.env.ROUTES?.split(",");
/** The project's standard: first-load JS <= 200 KB gzip, module routes as the public pages. */
const MODULE_ROUTE_BUDGET_KB = 200;
const ROUTES = [
  { path: '/', budgetKb: 200 },
  { path: '/login', budgetKb: 200 },
  { path: '/register', budgetKb: 200 },
  { path: '/stores', as: 'owner', budgetKb: MODULE_ROUTE_BUDGET_KB },
  { path: '/calendar/lotus-nail-spa', as: 'owner', budgetKb: MODULE_ROUTE_BUDGET_KB },
  { path: '/customers', as: 'owner', budgetKb: MODULE_ROUTE_BUDGET_KB },
  { path: '/customer-sign-in-sheet', as: 'store login (front desk; kiosk mode)', budgetKb: MODULE_ROUTE_BUDGET_KB },
  { path: '/kiosk/lotus-nail-spa', as: 'store login (front desk; kiosk mode)', kiosk: true, budgetKb: 200, withCss: true },
  { path: '/booking/lotus-nail-spa', budgetKb: MODULE_ROUTE_BUDGET_KB },
  { path: '/appointments', as: 'customer', budgetKb: MODULE_ROUTE_BUDGET_KB },
  { path: '/subscription', as: 'owner', budgetKb: MODULE_ROUTE_BUDGET_KB },
  { path: '/admin-subscriptions', as: 'super admin', budgetKb: MODULE_ROUTE_BUDGET_KB },
];

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});

/**
 * The localStorage the shell keeps after a real login through its /login page; for the kiosk's own app, what
 * it keeps after its 'Start kiosk mode' form (the store login in kiosk mode).
 */
async function sessionOf(role, kioskPath) {
  const who = demoLogin(role);
  const ctx = await browser.newContext({ baseURL: GATEWAY });
  const page = await ctx.newPage();
  if (kioskPath) {
    await page.goto(kioskPath);
    await page.getByRole('textbox', { name: 'Store username' }).fill(who.login);
    await page.getByLabel('Store password').fill(who.password);
    await page.getByRole('button', { name: 'Start kiosk mode' }).click();
    await page.getByRole('button', { name: 'Exit kiosk mode' }).waitFor();
  } else {
    await signInAsDemo(page, GATEWAY, role);
  }
  const state = await ctx.storageState();
  await ctx.close();
  return state;
}

async function measure(route) {
  const storageState = route.as ? await sessionOf(route.as, route.kiosk ? route.path : undefined) : undefined;
  const ctx = await browser.newContext({ baseURL: GATEWAY, storageState, viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const files = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    // A prerendered page carries its styles inline (build/prerender.mjs): they count as its CSS.
    if (type === 'document' && res.request().frame() === page.mainFrame()) {
      files.push(res.text().then((html) => {
        const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
        return styles ? { url: `${res.url()} (inline styles)`, type: 'stylesheet', gz: gzipSync(styles, { level: 6 }).length } : null;
      }).catch(() => null));
      return;
    }
    if (type !== 'script' && type !== 'stylesheet') return;
    files.push(res.body().then((body) => ({ url: res.url(), type, gz: gzipSync(body, { level: 6 }).length })).catch(() => null));
  });
  await page.goto(route.path, { waitUntil: 'networkidle' });
  // A prerendered page shows its screen before any script: usable once React has hydrated its heading.
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root?.dataset.prerendered) return true;
    const h1 = root.querySelector('h1');
    return Boolean(h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber')));
  }, null, { timeout: 15_000 });
  // Usable: the route's own screen is up (no spinner), then nothing more is fetched.
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"], .mantine-Loader-root, .tb-page-spinner'), null, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle');
  const finalPath = new URL(page.url()).pathname;
  const got = (await Promise.all(files)).filter(Boolean);
  await ctx.close();
  const js = got.filter((f) => f.type === 'script').reduce((s, f) => s + f.gz, 0);
  const css = got.filter((f) => f.type === 'stylesheet').reduce((s, f) => s + f.gz, 0);
  return { ...route, finalPath, js, css, count: got.length, files: got };
}

let over = false;
console.log(`First load on ${GATEWAY} (gzip, cold cache, Chromium)`);
console.log(`${'route'.padEnd(28)} ${'JS'.padStart(9)} ${'CSS'.padStart(9)}  files  budget (JS)`);
for (const route of ROUTES.filter((r) => !ONLY || ONLY.includes(r.path))) {
  const r = await measure(route);
  const counted = r.withCss ? r.js + r.css : r.js;
  const ok = counted <= r.budgetKb * 1024;
  if (!ok) over = true;
  const landed = r.finalPath !== r.path ? `  (landed on ${r.finalPath})` : '';
  console.log(`${r.path.padEnd(28)} ${kb(r.js).padStart(9)} ${kb(r.css).padStart(9)}  ${String(r.count).padStart(5)}  ${r.budgetKb} KB${r.withCss ? ` (JS+CSS ${kb(counted)})` : ''} ${ok ? 'ok' : 'OVER'}${landed}`);
  if (process.env.VERBOSE) for (const f of r.files.sort((a, b) => b.gz - a.gz)) console.log(`    ${kb(f.gz).padStart(9)}  ${f.url.replace(GATEWAY, '')}`);
}
await browser.close();
process.exit(over ? 1 : 0);
