// `npm run observe`: the summary of a service's /metrics, and the command reading a stack's instances.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { observe } from '../commands/observe.mjs';
import { freePort } from '../health.mjs';
import { formatSummary, parseSamples, quantileOf, summarize } from '../metrics-summary.mjs';

/** A registry shaped as service-kit's ServiceMetrics writes it, with some traffic. */
async function serviceMetricsText(service, { sockets } = {}) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  const registers = [registry];
  const requests = new Counter({ name: 'http_requests_total', help: 'r', labelNames: ['route', 'method', 'status_class'], registers });
  const duration = new Histogram({ name: 'http_request_duration_seconds', help: 'd', labelNames: ['route', 'method'], registers });
  const serve = (route, method, seconds, status = '2xx') => {
    requests.inc({ route, method, status_class: status });
    duration.observe({ route, method }, seconds);
  };
  // 100 availability reads, 95 of them under 10 ms; 20 bookings, one failing; 3 calls to an unknown URL.
  for (let i = 0; i < 100; i++) serve('availability/{storeId}', 'GET', i < 95 ? 0.008 : 0.4);
  for (let i = 0; i < 20; i++) serve('appointment', 'POST', 0.03, i === 0 ? '5xx' : '2xx');
  for (let i = 0; i < 3; i++) serve('unmatched', 'GET', 0.001, '4xx');
  new Counter({ name: 'idempotency_replays_total', help: 'i', labelNames: ['route'], registers }).inc({ route: 'appointment' }, 2);
  new Gauge({ name: 'outbox_depth', help: 'o', registers }).set(4);
  const pending = new Gauge({ name: 'nats_consumer_pending', help: 'p', labelNames: ['durable'], registers });
  const unacked = new Gauge({ name: 'nats_consumer_unacked', help: 'u', labelNames: ['durable'], registers });
  pending.set({ durable: 'scheduling-memberships' }, 0);
  pending.set({ durable: 'scheduling-customer-names' }, 12);
  unacked.set({ durable: 'scheduling-customer-names' }, 3);
  if (sockets !== undefined) new Gauge({ name: 'realtime_open_sockets', help: 's', registers }).set(sockets);
  return registry.metrics();
}

describe('the metrics summary', () => {
  it('when a service has served several routes, then it shows requests, errors, replays, the busiest routes with their p95, outbox depth and consumer lag', async () => {
    const s = summarize(parseSamples(await serviceMetricsText('scheduling')), { top: 2 });
    expect(s).toMatchObject({ requests: 123, serverErrors: 1, clientErrors: 3, replays: 2, outboxDepth: 4, sockets: undefined });
    expect(s.busiest.map((r) => `${r.method} ${r.route} ${r.requests} ${r.errors}`)).toEqual(['GET availability/{storeId} 100 0', 'POST appointment 20 1']);
    // p95 is the 95th of 100 reads: inside the 5-10 ms bucket.
    expect(s.busiest[0].p95.seconds).toBeGreaterThan(0.005);
    expect(s.busiest[0].p95.seconds).toBeLessThanOrEqual(0.01);
    expect(s.consumers).toEqual([
      { durable: 'scheduling-memberships', pending: 0, unacked: 0 },
      { durable: 'scheduling-customer-names', pending: 12, unacked: 3 },
    ]);
    const text = formatSummary('scheduling #1', s);
    expect(text).toContain('requests 123, errors 5xx 1, 4xx 3, idempotent replays 2');
    expect(text).toMatch(/GET availability\/\{storeId\}\s+100\s+\d+\.\d ms\s+0/);
    expect(text).toContain('outbox 4; consumer lag scheduling-customer-names 12 (+3 unacked), 1 durable at 0');
  });

  it('when most answers are slower than the last bucket, then p95 is given as at least that bound', () => {
    expect(quantileOf([{ le: 0.1, count: 1 }, { le: 10, count: 2 }, { le: Infinity, count: 100 }], 0.95)).toEqual({ seconds: 10, atLeast: true });
  });
});

describe('npm run observe', () => {
  let dir;
  const servers = [];
  afterAll(() => {
    for (const s of servers) s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("when a stack runs, then it prints one summary per instance from its /metrics (sent the profile's internal token), and names the one not answering", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tb-observe-'));
    const token = 'observe-test-token';
    const asked = [];
    const fake = async (text) => {
      const server = http.createServer((req, res) => {
        asked.push(`${req.url} ${req.headers.authorization}`);
        if (req.headers.authorization !== `Bearer ${token}`) return void res.writeHead(401).end();
        res.writeHead(200, { 'content-type': 'text/plain' }).end(text);
      });
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      servers.push(server);
      return { port: server.address().port, url: `http://127.0.0.1:${server.address().port}` };
    };
    const runDir = path.join(dir, 'run');
    mkdirSync(runDir);
    writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ internalToken: token }));
    const down = await freePort();
    writeFileSync(path.join(runDir, 'stack.json'), JSON.stringify({
      gatewayUrl: 'http://127.0.0.1:1', runDir,
      services: {
        scheduling: [await fake(await serviceMetricsText('scheduling')), { port: down, url: `http://127.0.0.1:${down}` }],
        realtime: [await fake(await serviceMetricsText('realtime', { sockets: 7 }))],
      },
    }));

    const printed = [];
    const out = await observe({ dir: runDir, print: (line) => printed.push(line) });

    expect(out).toHaveLength(3);
    expect(out[0]).toContain('scheduling #1');
    expect(out[0]).toContain('requests 123');
    expect(out[1]).toMatch(/scheduling #2[\s\S]*not answering/);
    expect(out[2]).toMatch(/realtime #1[\s\S]*sockets open 7/);
    expect(asked).toEqual([`/metrics Bearer ${token}`, `/metrics Bearer ${token}`]);
    expect(printed.join('\n')).toContain(path.join(runDir, 'stack.json'));
  });
});
