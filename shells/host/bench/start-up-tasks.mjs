#!/usr/bin/env node
// The main thread's tasks during a cold load of /, /login and /register (Chrome trace, Debian's chromium, no
// throttling), measured in each task's thread CPU time (the trace's tdur): other processes on a shared
// machine delay a task but do not add to its CPU time, so these figures hold where Lighthouse's do not.
// Per page: the main thread's total, the longest task, and "blocking at 4x", the sum over tasks of
// max(0, 4 × CPU − 50 ms): the blocking time Lighthouse's mobile simulation (4x CPU slowdown) would count on
// this machine if it were otherwise idle (an upper bound: it counts the tasks before the first paint too,
// which Lighthouse leaves out). TOP=n lists each run's n longest tasks and what ran in them.
//
//   GATEWAY_URL=http://127.0.0.1:8080 node shells/host/bench/start-up-tasks.mjs
//   RUNS=5 TOP=3 PAGES=/login node shells/host/bench/start-up-tasks.mjs
//   VARIANTS=old:/tmp/dist-old,new:/tmp/dist-new node shells/host/bench/start-up-tasks.mjs
//     A/B: copies each shell build in turn into shells/host/dist (which the gateway serves), alternating.
import { cpSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const GATEWAY = (process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const PAGES = (process.env.PAGES ?? '/,/login,/register').split(',');
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const TOP = Number(process.env.TOP ?? 0);
const VARIANTS = process.env.VARIANTS ? process.env.VARIANTS.split(',').map((v) => v.split(/:(.*)/s).slice(0, 2)) : [['served', null]];
const DIST = path.resolve(import.meta.dirname, '../dist');
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 5000);
const DETAIL = ['EvaluateScript', 'FunctionCall', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'ParseAuthorStyleSheet'];
const cpu = (e) => (e.tdur ?? e.dur) / 1000;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });

async function measure(url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'] }, transferMode: 'ReportEvents' });
  await page.goto(url);
  await page.waitForTimeout(SETTLE_MS);
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  // The renderer's main thread that ran the page (the one with real tasks).
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain'
    && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'RunTask' && x.dur > 1000));
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const durations = tasks.map(cpu);
  const total = durations.reduce((a, b) => a + b, 0);
  const longest = [...tasks].sort((a, b) => cpu(b) - cpu(a));
  const describe = (t) => onMain
    .filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && DETAIL.includes(e.name))
    .sort((a, b) => cpu(b) - cpu(a)).slice(0, 3)
    .map((e) => `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''}${e.args?.data?.type ? ` ${e.args.data.type}` : ''} ${cpu(e).toFixed(1)}`)
    .join('; ');
  return {
    total,
    max: durations.length ? Math.max(...durations) : 0,
    blocking4x: durations.reduce((a, d) => a + Math.max(0, 4 * d - 50), 0),
    top: longest.slice(0, TOP).map((t) => `${cpu(t).toFixed(1)} ms: ${describe(t)}`),
  };
}

const results = {};
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const [name, dir] of run % 2 ? VARIANTS : [...VARIANTS].reverse()) {
      if (dir) {
        rmSync(DIST, { recursive: true, force: true });
        cpSync(dir, DIST, { recursive: true });
      }
      for (const page of PAGES) {
        const load = os.loadavg()[0].toFixed(1);
        const r = await measure(`${GATEWAY}${page}`);
        (results[`${page} ${name}`] ??= []).push(r);
        console.log(`#${run} ${name} ${page.padEnd(10)} main thread ${r.total.toFixed(0)} ms CPU, longest task ${r.max.toFixed(1)} ms, blocking at 4x ${r.blocking4x.toFixed(0)} ms  (load ${load})`);
        for (const line of r.top) console.log(`      ${line}`);
      }
    }
  }
} finally {
  await browser.close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
console.log('medians');
for (const [key, rows] of Object.entries(results)) {
  console.log(`  ${key.padEnd(18)} main thread ${median(rows.map((r) => r.total)).toFixed(0)} ms CPU, longest task ${median(rows.map((r) => r.max)).toFixed(1)} ms, blocking at 4x ${median(rows.map((r) => r.blocking4x)).toFixed(0)} ms`);
}
