// A service instance's /metrics (Prometheus text, as service-kit's prom-client writes it) read into the few
// figures `npm run observe` prints. The npm parsers seen (parse-prometheus-text-format) merge a labelled
// histogram's series into one and drop its labels, so this reads the plain `name{labels} value` lines itself.

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample line of Prometheus text format: { name, labels, value }. */
export function parseSamples(text) {
  const samples = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) continue;
    const labels = {};
    for (const [, key, raw] of (m[2] ?? '').matchAll(LABEL)) labels[key] = raw.replace(/\\(.)/g, (_s, c) => (c === 'n' ? '\n' : c));
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/**
 * The q-quantile of a histogram's cumulative buckets ([{ le, count }]), interpolated inside its bucket as
 * Prometheus's histogram_quantile does; above the last finite bound it is that bound (a lower limit).
 */
export function quantileOf(buckets, q) {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (!total) return undefined;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const { le, count } of sorted) {
    if (count >= rank) {
      if (le === Infinity) return { seconds: lower, atLeast: true };
      return { seconds: lower + (le - lower) * ((rank - below) / Math.max(count - below, 1)), atLeast: false };
    }
    if (le !== Infinity) lower = le;
    below = count;
  }
  return undefined;
}

const keyOf = (labels) => `${labels.method} ${labels.route}`;

/** What observe prints for one instance: requests, errors, the busiest routes with their p95, events, sockets. */
export function summarize(samples, { top = 5 } = {}) {
  const of = (name) => samples.filter((s) => s.name === name);
  const sum = (list) => list.reduce((a, s) => a + s.value, 0);
  const requests = of('http_requests_total');
  const routes = new Map();
  for (const s of requests) {
    const r = routes.get(keyOf(s.labels)) ?? { route: s.labels.route, method: s.labels.method, requests: 0, errors: 0, buckets: [] };
    r.requests += s.value;
    if (s.labels.status_class === '5xx') r.errors += s.value;
    routes.set(keyOf(s.labels), r);
  }
  for (const s of of('http_request_duration_seconds_bucket')) {
    routes.get(keyOf(s.labels))?.buckets.push({ le: s.labels.le === '+Inf' ? Infinity : Number(s.labels.le), count: s.value });
  }
  const busiest = [...routes.values()].sort((a, b) => b.requests - a.requests).slice(0, top)
    .map(({ buckets, ...r }) => ({ ...r, p95: quantileOf(buckets, 0.95) }));
  const gauge = (name) => (of(name).length ? sum(of(name)) : undefined);
  return {
    requests: sum(requests),
    clientErrors: sum(requests.filter((s) => s.labels.status_class === '4xx')),
    serverErrors: sum(requests.filter((s) => s.labels.status_class === '5xx')),
    replays: sum(of('idempotency_replays_total')),
    busiest,
    outboxDepth: gauge('outbox_depth'),
    consumers: of('nats_consumer_pending').map((s) => ({
      durable: s.labels.durable,
      pending: s.value,
      unacked: of('nats_consumer_unacked').find((u) => u.labels.durable === s.labels.durable)?.value ?? 0,
    })),
    sockets: gauge('realtime_open_sockets'),
    anonymousSockets: gauge('realtime_anonymous_sockets'),
    rssMb: gauge('process_resident_memory_bytes') === undefined ? undefined : Math.round(gauge('process_resident_memory_bytes') / 1048576),
    eventLoopP99Ms: gauge('nodejs_eventloop_lag_p99_seconds') === undefined ? undefined : gauge('nodejs_eventloop_lag_p99_seconds') * 1000,
  };
}

const ms = (p95) => (p95 === undefined ? '-' : `${p95.atLeast ? '>' : ''}${(p95.seconds * 1000).toFixed(p95.seconds < 0.1 ? 1 : 0)} ms`);

/** The summary as a few readable lines. */
export function formatSummary(title, s) {
  const lines = [title];
  const process = [s.rssMb === undefined ? '' : `${s.rssMb} MB resident`, s.eventLoopP99Ms === undefined ? '' : `event loop p99 ${s.eventLoopP99Ms.toFixed(1)} ms`].filter(Boolean);
  lines.push(`  requests ${s.requests}, errors 5xx ${s.serverErrors}, 4xx ${s.clientErrors}, idempotent replays ${s.replays}${process.length ? `; ${process.join(', ')}` : ''}`);
  if (s.busiest.length) {
    const width = Math.max(...s.busiest.map((r) => `${r.method} ${r.route}`.length));
    lines.push('  busiest routes (requests, p95, 5xx):');
    for (const r of s.busiest) lines.push(`    ${`${r.method} ${r.route}`.padEnd(width)}  ${String(r.requests).padStart(6)}  ${ms(r.p95).padStart(8)}  ${r.errors}`);
  }
  const events = [];
  if (s.outboxDepth !== undefined) events.push(`outbox ${s.outboxDepth}`);
  if (s.consumers.length) {
    // A service consumes up to twenty durables: the ones behind by name, the rest counted.
    const behind = s.consumers.filter((c) => c.pending || c.unacked);
    const named = behind.map((c) => `${c.durable} ${c.pending}${c.unacked ? ` (+${c.unacked} unacked)` : ''}`);
    const caughtUp = s.consumers.length - behind.length;
    events.push(`consumer lag ${[...named, ...(caughtUp ? [`${caughtUp} durable${caughtUp > 1 ? 's' : ''} at 0`] : [])].join(', ')}`);
  }
  if (events.length) lines.push(`  events: ${events.join('; ')}`);
  if (s.sockets !== undefined) lines.push(`  sockets open ${s.sockets} (${s.anonymousSockets ?? 0} not signed in)`);
  return lines.join('\n');
}
