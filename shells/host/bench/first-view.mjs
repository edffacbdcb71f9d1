#!/usr/bin/env node
// A module route's first view, cold, in figures a busy machine does not move: per page, the main thread's CPU
// time before the first contentful paint, the largest
// contentful paint's element (and its wall time, which load does move), the layout shift total, the main
// thread's CPU time (the trace's thread time) before that paint and in all, the longest task and "blocking at
// 4x" (bench/start-up-tasks.mjs), and when the module's chain (remotes.json, manifest, remoteEntry, the App's
// chunks, the page's first call) started. Lighthouse's simulation multiplies the CPU before the LCP by 4: it is
// what the LCP costs once the network chain is preloaded. Unthrottled Debian Chromium, mobile viewport.
//
//   GATEWAY_URL=http://127.0.0.1:8080 RUNS=3 node shells/host/bench/first-view.mjs
//   PAGES=/booking/lotus-nail-spa BREAKDOWN=1 node shells/host/bench/first-view.mjs   # CPU before LCP by event and file
import os from 'node:os';
import { chromium } from 'playwright-core';
import { signInAsDemo } from './demo-sign-in.mjs';

const GATEWAY = (process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));
/** Each page, the demo login it is opened as (deploy/local/demo-logins.json) and what shows it is there. */
const ALL = {
  '/booking/lotus-nail-spa': { ready: '#store-name' },
  '/appointments': { as: 'customer', ready: '#upcoming-title, section[aria-label="Verify your phone"]' },
};
const PAGES = process.env.PAGES?.split(',') ?? Object.keys(ALL);
const CHAIN = { 'remotes.json': /\/mfe\/remotes\.json/, manifest: /\/mfe\/\w+\/mf-manifest\.json/, remoteEntry: /\/mfe\/\w+\/remoteEntry\.js/, 'App chunks': /\/mfe\/\w+\/(?!remoteEntry)[\w.-]+\.js$/, 'first call': /\/api\// };
const BREAKDOWN = ['EvaluateScript', 'FunctionCall', 'ParseAuthorStyleSheet', 'UpdateLayoutTree', 'Layout', 'Paint', 'ParseHTML', 'TimerFire', 'EventDispatch', 'FireAnimationFrame'];
const cpu = (e) => (e.tdur ?? e.dur) / 1000;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });

async function measure(page) {
  const { as, ready = 'main h1' } = ALL[page] ?? {};
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const tab = await context.newPage();
  if (as) {
    await signInAsDemo(tab, GATEWAY, as);
    await tab.waitForLoadState('networkidle');
    await tab.goto('about:blank');
  }
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.clearBrowserCache');
  await tab.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__lcp = [];
    w.__cls = 0;
    new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__lcp.push({ t: e.startTime, el: `${e.element?.tagName ?? ''} ${(e.element?.textContent ?? '').slice(0, 40)}` }))).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => l.getEntries().forEach((e) => { if (!e.hadRecentInput) w.__cls += e.value; })).observe({ type: 'layout-shift', buffered: true });
  });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata', 'blink.user_timing', 'loading'] }, transferMode: 'ReportEvents' });
  const started = {};
  const t0 = Date.now();
  tab.on('request', (r) => {
    for (const [name, re] of Object.entries(CHAIN)) if (re.test(r.url()) && started[name] === undefined) started[name] = Date.now() - t0;
  });
  await tab.goto(`${GATEWAY}${page}`);
  await tab.waitForSelector(ready, { timeout: 60000 });
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(1500);
  const lcp = (await tab.evaluate(() => /** @type {any} */ (window).__lcp)).at(-1);
  const fcp = await tab.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
  const cls = await tab.evaluate(() => /** @type {any} */ (window).__cls);
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  const nav = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.includes(page)).at(-1);
  const onMain = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.ts >= nav.ts);
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const lcpTs = nav.ts + lcp.t * 1000;
  const before = tasks.filter((t) => t.ts < lcpTs).reduce((a, t) => a + cpu(t), 0);
  const beforeFcp = tasks.filter((t) => t.ts < nav.ts + fcp * 1000).reduce((a, t) => a + cpu(t), 0);
  const breakdown = {};
  for (const e of onMain) {
    if (e.ts >= lcpTs || !BREAKDOWN.includes(e.name)) continue;
    const key = `${e.name} ${(e.args?.data?.url ?? e.args?.data?.styleSheetUrl ?? '').split('/').pop()}`.trim();
    breakdown[key] = (breakdown[key] ?? 0) + cpu(e);
  }
  return {
    lcp, cls, before, started, breakdown, fcp, beforeFcp,
    total: tasks.reduce((a, t) => a + cpu(t), 0),
    longest: Math.max(0, ...tasks.map(cpu)),
    blocking4x: tasks.reduce((a, t) => a + Math.max(0, 4 * cpu(t) - 50), 0),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
try {
  for (const page of PAGES) {
    const rows = [];
    for (let run = 1; run <= RUNS; run++) {
      const load = os.loadavg()[0].toFixed(1);
      const r = await measure(page);
      rows.push(r);
      const chain = Object.keys(CHAIN).map((k) => `${k} ${r.started[k] ?? '-'}`).join(', ');
      console.log(`${page} #${run}: FCP at ${r.fcp.toFixed(0)} ms after ${r.beforeFcp.toFixed(0)} ms CPU; LCP ${r.lcp.el.trim()} at ${r.lcp.t.toFixed(0)} ms; CLS ${r.cls.toFixed(3)}; CPU before LCP ${r.before.toFixed(0)} ms, in all ${r.total.toFixed(0)} ms, longest task ${r.longest.toFixed(1)} ms, blocking at 4x ${r.blocking4x.toFixed(0)} ms; started (ms): ${chain} (load ${load})`);
      if (process.env.BREAKDOWN) for (const [k, v] of Object.entries(r.breakdown).sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`      ${v.toFixed(1).padStart(6)} ms ${k}`);
    }
    if (RUNS > 1) console.log(`${page} median: CPU before LCP ${median(rows.map((r) => r.before)).toFixed(0)} ms, longest task ${median(rows.map((r) => r.longest)).toFixed(1)} ms, blocking at 4x ${median(rows.map((r) => r.blocking4x)).toFixed(0)} ms, CLS ${median(rows.map((r) => r.cls)).toFixed(3)}`);
  }
} finally {
  await browser.close();
}
