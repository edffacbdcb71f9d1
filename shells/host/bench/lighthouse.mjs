#!/usr/bin/env node
// Lighthouse (mobile, its default emulation and throttling) on /, /login and /register of a running stack,
// with Debian's Chromium; prints performance and accessibility and, for each score under its goal, the
// audits that cost it. Exits 1 when a goal is missed (performance 95, accessibility 100).
//
//   GATEWAY_URL=http://127.0.0.1:8080 npm run bench:lighthouse
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const GATEWAY = (process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const PAGES = ['/', '/login', '/register'];
const GOALS = { performance: 95, accessibility: 100 };

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
let missed = false;
try {
  console.log(`Lighthouse (mobile) on ${GATEWAY}`);
  console.log(`${'page'.padEnd(12)} performance  accessibility  LCP      TBT     CLS`);
  for (const page of PAGES) {
    const result = await lighthouse(`${GATEWAY}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const { categories, audits } = result.lhr;
    const perf = Math.round(categories.performance.score * 100);
    const a11y = Math.round(categories.accessibility.score * 100);
    const lcp = audits['largest-contentful-paint'].displayValue;
    const tbt = audits['total-blocking-time'].displayValue;
    const cls = audits['cumulative-layout-shift'].displayValue;
    console.log(`${page.padEnd(12)} ${String(perf).padStart(11)}  ${String(a11y).padStart(13)}  ${lcp.padEnd(8)} ${tbt.padEnd(7)} ${cls}`);
    for (const [name, score] of [['performance', perf], ['accessibility', a11y]]) {
      if (score >= GOALS[name]) continue;
      missed = true;
      const failing = categories[name].auditRefs
        .filter((r) => r.weight > 0 && audits[r.id].score !== null && audits[r.id].score < 0.9)
        .map((r) => `${r.id} (${audits[r.id].displayValue ?? audits[r.id].score})`);
      console.log(`    ${name} below ${GOALS[name]}: ${failing.join(', ') || 'no single audit under 0.9'}`);
    }
  }
} finally {
  await chrome.kill();
}
process.exit(missed ? 1 : 0);
