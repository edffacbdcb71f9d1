#!/usr/bin/env node
// npm run trace:booking: one booking followed end to end, printed as a tree of spans (service, span, duration).
//
// It listens for OpenTelemetry spans itself (OTLP over HTTP with JSON, a plain node http server on a free
// port), starts a dev stack whose services export to it (OTEL_EXPORTER_OTLP_ENDPOINT), books one appointment
// through the gateway as the owner with a W3C traceparent of its own, and prints every span of that trace:
// the service's request, its express route, its database calls, the events it publishes and their consumers
// in the other services. A running stack cannot be pointed at a new port: start it with an endpoint and give
// that endpoint's port, e.g.
//   OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 TURNBOOK_PORT_SHIFT=200 npm start
//   TURNBOOK_PORT_SHIFT=200 npm run trace:booking -- --port 4318
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { answers, gateway, startStack } from './stack.mjs';

const { values: opts } = parseArgs({ options: { port: { type: 'string' }, wait: { type: 'string', default: '3000' } } });
const demoLogins = JSON.parse(readFileSync(new URL('../demo-logins.json', import.meta.url), 'utf8'));
const login = (role) => demoLogins.find((l) => l.role === role);

/** OTLP/HTTP JSON receiver: every span it is sent, with its service's name. */
async function otlpReceiver(port) {
  const spans = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        for (const rs of body.resourceSpans ?? []) {
          const service = rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value?.stringValue ?? '?';
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ ...s, service, scope: ss.scope?.name });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { spans, port: server.address().port, close: () => server.close() };
}

/** OTLP JSON ids may come as hex or base64; times as strings of nanoseconds. */
const hexId = (id) => (!id ? '' : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex'));
const nanos = (t) => BigInt(typeof t === 'object' && t ? (BigInt(t.high >>> 0) << 32n) + BigInt(t.low >>> 0) : t ?? 0);

async function call(method, path, { token, body, headers = {} } = {}) {
  const res = await fetch(`${gateway}/api/${path}`, {
    method,
    headers: { ...(body && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }), ...headers },
    body: body && JSON.stringify(body),
  });
  const json = await res.json().catch(() => undefined);
  if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return { json, requestId: res.headers.get('x-request-id') };
}

const to12 = (min) => `${String(Math.floor(min / 60) % 12 || 12).padStart(2, '0')}:${String(min % 60).padStart(2, '0')} ${min < 720 ? 'am' : 'pm'}`;
const dateAhead = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The owner books the first free slot of an online staff member on a day with room (whatever weekday today is). */
async function bookOne(traceparent) {
  const desk = login('store login (front desk; kiosk mode)');
  const storeId = (await call('POST', 'storeLogin', { body: { username: desk.login, password: desk.password } })).json.store.id;
  const owner = login('owner');
  const token = (await call('POST', 'login', { body: { email: owner.login, password: owner.password } })).json.access_token;
  const service = (await call('GET', `public_getExternalServicesByStoreId/${storeId}`)).json.services[0];
  const staff = (await call('GET', `public_getStaffsByStoreId/${storeId}`)).json.employees.find((e) => e.online_booking === 'ON');
  const customer = (await call('GET', `getCustomersByStoreId/${storeId}`, { token })).json.customers[0];
  for (let ahead = 3 + (Date.now() % 20); ahead < 60; ahead++) {
    const date = dateAhead(ahead);
    const slot = (await call('GET', `availability/${storeId}/${date}?serviceIds=${service.id}&staffId=${staff.id}`)).json.slots.find((s) => s.free);
    if (!slot) continue;
    const body = { storeId, staffId: staff.id, customerId: customer.id, serviceIds: `${service.id}`, date, start: slot.start, end: to12(slot.startMin + service.duration) };
    const started = performance.now();
    const { json, requestId } = await call('POST', 'appointment', { token, body, headers: { traceparent, 'idempotency-key': randomUUID() } });
    return { what: `appointment ${json.appointment?.id ?? ''} on ${date} at ${slot.start} (${service.name}, staff ${staff.id})`, requestId, ms: performance.now() - started };
  }
  throw new Error('no free slot in the next 60 days');
}

/** The spans of one trace as an indented tree, children in the order they started. */
function printTree(spans, traceId, rootSpanId, total) {
  const mine = spans.filter((s) => hexId(s.traceId) === traceId);
  const children = new Map();
  for (const s of mine) {
    const parent = hexId(s.parentSpanId) || rootSpanId;
    children.set(parent, [...(children.get(parent) ?? []), s]);
  }
  const lines = [`trace ${traceId}`, `client (this script) POST /api/appointment  ${total.toFixed(1)} ms`];
  const walk = (id, depth) => {
    for (const s of (children.get(id) ?? []).sort((a, b) => Number(nanos(a.startTimeUnixNano) - nanos(b.startTimeUnixNano)))) {
      const ms = Number(nanos(s.endTimeUnixNano) - nanos(s.startTimeUnixNano)) / 1e6;
      lines.push(`${'  '.repeat(depth)}${s.service.padEnd(12)} ${s.name}  ${ms.toFixed(1)} ms`);
      walk(hexId(s.spanId), depth + 1);
    }
  };
  walk(rootSpanId, 1);
  return { text: lines.join('\n'), count: mine.length, services: new Set(mine.map((s) => s.service)) };
}

async function main() {
  const receiver = await otlpReceiver(opts.port ? Number(opts.port) : 0);
  let stack;
  if (!(await answers(`${gateway}/`))) {
    // spans are exported every 200 ms instead of every 5 s: the trace is complete soon after the booking
    Object.assign(process.env, { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiver.port}`, OTEL_BSP_SCHEDULE_DELAY: '200' });
    stack = await startStack();
  } else if (!opts.port) {
    receiver.close();
    throw new Error(`a stack already answers on ${gateway}: start it with OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 and run this with --port 4318, or stop it`);
  }
  try {
    const traceId = randomBytes(16).toString('hex');
    const rootSpanId = randomBytes(8).toString('hex');
    const booked = await bookOne(`00-${traceId}-${rootSpanId}-01`);
    console.log(`booked ${booked.what}; request id ${booked.requestId}`);
    // the consumers' spans arrive with their services' next export
    await new Promise((r) => setTimeout(r, Number(opts.wait)));
    const tree = printTree(receiver.spans, traceId, rootSpanId, booked.ms);
    console.log(tree.text);
    console.log(`${tree.count} spans from ${[...tree.services].join(', ')}`);
    if (tree.count === 0) process.exitCode = 1;
  } finally {
    receiver.close();
    if (stack) {
      // SIGTERM: the launcher re-run on Turnbook's Node passes it on (a SIGINT it leaves to the terminal's group)
      stack.kill('SIGTERM');
      await new Promise((r) => stack.once('exit', r));
    }
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
