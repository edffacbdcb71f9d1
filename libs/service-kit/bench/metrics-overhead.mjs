// `npm run bench:metrics`: what service-kit's request metrics cost per request.
// 1. CPU: the middleware alone (timing, counter, histogram on 'finish') over batches of fake requests,
//    process.cpuUsage per batch (one call is below its resolution); min/median/p95 of the batch means.
// 2. HTTP: one Express app answering a small JSON route with and without the middleware, on loopback,
//    rounds of sequential keep-alive requests alternating between the two; p50/p95 of each.
// 3. A scrape: registry.metrics() with 100 routes' series (the size of a service's route table).
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import express from 'express';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { batches: { type: 'string', default: '200' }, batch: { type: 'string', default: '500' }, rounds: { type: 'string', default: '20' }, requests: { type: 'string', default: '250' } } });

// service-kit is TypeScript: bundle metrics.ts once (prom-client included).
const tmp = mkdtempSync(path.join(os.tmpdir(), 'turnbook-bench-metrics-'));
const out = path.join(tmp, 'metrics.cjs');
await build({ entryPoints: [path.join(here, '../src/metrics.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: out, logLevel: 'error' });
const { ServiceMetrics, noteRoute } = await import(pathToFileURL(out).href);
rmSync(tmp, { recursive: true, force: true });

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fmt = (n) => n.toFixed(2);

// 1. CPU of the middleware per request.
{
  const metrics = new ServiceMetrics('bench');
  const mw = metrics.middleware();
  const routes = Array.from({ length: 20 }, (_, i) => `route${i}/{id}`);
  const means = [];
  for (let b = 0; b < Number(values.batches); b++) {
    const start = process.cpuUsage();
    for (let i = 0; i < Number(values.batch); i++) {
      const req = { method: 'GET' };
      const res = new EventEmitter();
      res.statusCode = i % 50 ? 200 : 500;
      mw(req, res, () => noteRoute(req, routes[i % routes.length]));
      res.emit('finish');
    }
    const used = process.cpuUsage(start);
    means.push((used.user + used.system) / Number(values.batch));
  }
  means.sort((a, b) => a - b);
  console.log(`middleware CPU per request (µs): min ${fmt(means[0])}, median ${fmt(quantile(means, 0.5))}, p95 ${fmt(quantile(means, 0.95))}  (${values.batches} batches of ${values.batch})`);
}

// 2. HTTP latency with and without it.
async function serve(withMetrics) {
  const app = express();
  if (withMetrics) app.use(new ServiceMetrics('bench').middleware());
  app.get('/api/thing/:id', (req, res) => {
    if (withMetrics) noteRoute(req, 'thing/{id}');
    res.json({ id: Number(req.params.id), name: 'a thing', tags: ['x', 'y'] });
  });
  const server = http.createServer(app);
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return server;
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (port, id) => new Promise((resolve, reject) => {
  const t = performance.now();
  http.get({ host: '127.0.0.1', port, path: `/api/thing/${id}`, agent }, (res) => {
    res.resume();
    res.on('end', () => resolve(performance.now() - t));
  }).on('error', reject);
});
{
  const plain = await serve(false);
  const measured = await serve(true);
  const times = { without: [], with: [] };
  for (let r = 0; r < Number(values.rounds); r++) {
    // Alternating rounds, so machine load falls on both alike.
    for (const [name, server] of r % 2 ? [['with', measured], ['without', plain]] : [['without', plain], ['with', measured]]) {
      for (let i = 0; i < Number(values.requests); i++) {
        const ms = await get(server.address().port, i);
        if (i >= 10) times[name].push(ms); // the first of a round warm the connection
      }
    }
  }
  for (const name of ['without', 'with']) {
    const sorted = times[name].sort((a, b) => a - b);
    console.log(`HTTP ${name.padEnd(7)} metrics: p50 ${fmt(quantile(sorted, 0.5) * 1000)} µs, p95 ${fmt(quantile(sorted, 0.95) * 1000)} µs  (${sorted.length} requests)`);
  }
  plain.close();
  measured.close();
  agent.destroy();
}

// 3. One scrape of a service with 100 routes' series.
{
  const metrics = new ServiceMetrics('bench');
  const mw = metrics.middleware();
  for (let i = 0; i < 100; i++) {
    for (const status of [200, 404, 500]) {
      const req = { method: 'GET' };
      const res = new EventEmitter();
      res.statusCode = status;
      mw(req, res, () => noteRoute(req, `route${i}/{id}`));
      res.emit('finish');
    }
  }
  const samples = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    const text = await metrics.registry.metrics();
    samples.push([performance.now() - t, text.length]);
  }
  samples.sort((a, b) => a[0] - b[0]);
  console.log(`scrape with 100 routes x 3 status classes: median ${fmt(quantile(samples, 0.5)[0])} ms, ${Math.round(samples[0][1] / 1024)} KB of text`);
}
