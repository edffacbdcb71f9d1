#!/usr/bin/env node
// Prints the gzip size of the shell's initial JavaScript and of each MFE's entry, from the chunk graph the
// builds leave in <package>/node_modules/.cache/turnbook/build-stats.json (see libs/web-kit/build/create-mfe-config.mjs).
// Exits 1 when the shell's initial JS is over budget. Run after `npx rspack build --mode production`.
//
// "Initial" = what index.html loads (the entrypoint) + the chunks it needs before the first render: the
// bootstrap chunk behind the async boundary and every shared singleton those chunks consume (federation
// loads them before the code runs), transitively. Lazy pages and the UI kit loaded by them are not initial;
// they are listed separately so the cost of the first rich page is visible too.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.SHELL_BUDGET_KB ?? 150);
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const PACKAGES = { host: 'shells/host', admin: 'mfes/admin', calendar: 'mfes/calendar', store: 'mfes/store', kiosk: 'mfes/kiosk', booking: 'mfes/booking' };

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (file) => gzipSync(readFileSync(file), { level: 6 }).length;

function load(name) {
  const dir = path.join(repo, PACKAGES[name]);
  const statsFile = path.join(dir, 'node_modules/.cache/turnbook/build-stats.json');
  if (!existsSync(statsFile) || !existsSync(path.join(dir, 'dist'))) return null;
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
  const chunks = new Map(stats.chunks.map((c) => [c.id, c]));
  // Which chunks are loaded because of a given module (dynamic import or consume-shared fallback).
  const byOriginModule = new Map();
  for (const c of stats.chunks) {
    for (const o of c.origins ?? []) {
      const key = o.moduleName ?? o.module ?? '';
      if (!key) continue;
      if (!byOriginModule.has(key)) byOriginModule.set(key, new Set());
      byOriginModule.get(key).add(c.id);
    }
  }
  return { dir, stats, chunks, byOriginModule };
}

/** Chunks reached from `start` by following shared-module consumes (plus `extraOrigins` dynamic imports). */
function closure(g, start, extraOrigins = []) {
  const seen = new Set();
  const queue = [...start];
  for (const origin of extraOrigins) for (const id of g.byOriginModule.get(origin) ?? []) queue.push(id);
  while (queue.length) {
    const id = queue.shift();
    if (seen.has(id)) continue;
    seen.add(id);
    for (const m of g.chunks.get(id)?.modules ?? []) {
      if (m.moduleType !== 'consume-shared-module') continue;
      for (const next of g.byOriginModule.get(m.name) ?? []) queue.push(next);
    }
  }
  return seen;
}

function jsFiles(g, ids) {
  const files = new Set();
  for (const id of ids) for (const f of g.chunks.get(id)?.files ?? []) if (f.endsWith('.js')) files.add(f);
  return [...files];
}

function sizeOf(g, files) {
  return files.reduce((sum, f) => sum + gz(path.join(g.dir, 'dist', f)), 0);
}

/** The named chunk and its siblings: every chunk loaded by the same import() as the named one. */
function chunksNamed(g, name) {
  const named = g.stats.chunks.filter((c) => (c.names ?? []).includes(name));
  const origins = new Set(named.flatMap((c) => (c.origins ?? []).map((o) => `${o.moduleName}|${o.request}`)));
  return g.stats.chunks.filter((c) => (c.origins ?? []).some((o) => o.request && origins.has(`${o.moduleName}|${o.request}`))).map((c) => c.id);
}

let failed = false;
const host = load('host');
if (!host) {
  console.error('shells/host is not built: run `npx rspack build --mode production` in shells/host first.');
  process.exit(1);
}

// index.html's scripts are the entrypoint's assets.
const entryChunks = host.stats.entrypoints.main.chunks;
const entryFiles = jsFiles(host, entryChunks);
const initialIds = closure(host, entryChunks, ['./src/index.ts']);
const initialFiles = jsFiles(host, initialIds);
const initial = sizeOf(host, initialFiles);
if (process.env.VERBOSE) for (const f of initialFiles) console.log(`    ${f} ${kb(gz(path.join(host.dir, "dist", f)))}`);
console.log('Shell (shells/host)');
console.log(`  index.html scripts        ${kb(sizeOf(host, entryFiles)).padStart(10)}  (${entryFiles.join(', ')})`);
console.log(`  initial JS (first render) ${kb(initial).padStart(10)}  ${initialFiles.length} files, budget ${BUDGET_KB} KB`);

// For information: what the first page of the rich layout (login) adds, and the public lazy pages.
const richIds = closure(host, [...chunksNamed(host, 'rich-layout'), ...chunksNamed(host, 'login')]);
const richExtra = jsFiles(host, richIds).filter((f) => !initialFiles.includes(f));
console.log(`  + /login (UI kit, lazy)   ${kb(sizeOf(host, richExtra)).padStart(10)}  ${richExtra.length} files`);
for (const page of ['register', 'faq', 'legal']) {
  const extra = jsFiles(host, closure(host, chunksNamed(host, page))).filter((f) => !initialFiles.includes(f) && !richExtra.includes(f));
  console.log(`  + ${page.padEnd(22)} ${kb(sizeOf(host, extra)).padStart(10)}`);
}
const css = host.stats.assets.filter((a) => a.name.endsWith('.css')).map((a) => `${a.name} ${kb(gz(path.join(host.dir, 'dist', a.name)))}`);
console.log(`  CSS (gzip)                ${css.join(', ')}`);
if (initial > BUDGET_KB * 1024) {
  console.error(`  OVER BUDGET: ${kb(initial)} > ${BUDGET_KB} KB`);
  failed = true;
}

console.log('\nMFE entries (remoteEntry.js + the exposed ./App chunks; shared singletons come from the shell)');
for (const name of Object.keys(PACKAGES).filter((n) => n !== 'host')) {
  const g = load(name);
  if (!g) {
    console.log(`  ${name.padEnd(10)} not built`);
    continue;
  }
  const remoteEntry = g.stats.assets.find((a) => a.name === 'remoteEntry.js');
  // The exposed module's chunks hang off the container entry module.
  const exposeOrigins = [...g.byOriginModule.keys()].filter((k) => k.startsWith('container entry'));
  const exposeIds = new Set();
  for (const o of exposeOrigins) for (const id of g.byOriginModule.get(o)) exposeIds.add(id);
  const own = jsFiles(g, exposeIds);
  const entrySize = remoteEntry ? gz(path.join(g.dir, 'dist', 'remoteEntry.js')) : 0;
  console.log(`  ${name.padEnd(10)} remoteEntry ${kb(entrySize).padStart(9)}  + App ${kb(sizeOf(g, own)).padStart(9)}  (${own.length} files)`);
}

process.exit(failed ? 1 : 0);
