// `npm run chaos`: breaks a running stack as an operator would while front desks book, and counts what
// survived (issue 32). Against `npm start -- --instances scheduling=2` (same TURNBOOK_PORT_SHIFT):
//   - booking clients book continuously on the demo store through the gateway, each booking with its
//     Idempotency-Key, sent again after a timeout (5 s), a dropped connection or a 5xx;
//   - socket clients hold /realtime sockets on the store's appointment channel (sockets.mjs);
//   - meanwhile, one after the other: SIGKILL of a scheduling instance, NATS frozen (SIGSTOP, SIGCONT after
//     10 s), the database server (FerretDB) frozen, SIGKILL of the relay (realtime), of FerretDB, of
//     PostgreSQL, and of NATS. On a stack started with --nats-cluster 3, the NATS breaks hit one node: the
//     stream's leader (the node whose loss moves the most), frozen, then SIGKILLed; the others carry on.
// Then prints: acknowledged, lost (acknowledged but not stored), doubled (one booking stored twice), the
// slowest answer (first send to acknowledgement, counted from the thaw for a booking sent into a freeze: no
// server answers a write while its database is stopped), what each socket missed, and for each break the time
// until booking and sign-in work again. Goal: 0 lost, 0 doubled, slowest <= 10 s, 0 missed, back <= 30 s.
//   node deploy/local/chaos/chaos.mjs [--clients 4] [--sockets 3] [--settle 15] [--keep]
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { LOCAL_DIR } from '../paths.mjs';
import { loadProfile } from '../profile.mjs';
import { ChannelSocket } from './sockets.mjs';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '4' },
    sockets: { type: 'string', default: '3' },
    /** seconds between breaks (and after the last one) */
    settle: { type: 'string', default: '15' },
    /** leave the bookings on the demo store (they are removed by default) */
    keep: { type: 'boolean', default: false },
  },
});
const CLIENTS = Number(values.clients);
const SOCKETS = Number(values.sockets);
const SETTLE_MS = Number(values.settle) * 1000;
const ATTEMPT_TIMEOUT_MS = 5000;
const FREEZE_MS = 10_000;
const GOALS = { slowestMs: 10_000, backMs: 30_000 };

const profile = loadProfile('dev');
const gateway = profile.publicUrl.replace('localhost', '127.0.0.1');
const runDir = profile.dirs.run;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

/** One call through the gateway that never throws: status 0 for a dropped connection or a timeout. */
async function call(method, p, { token, body, headers = {}, timeoutMs = ATTEMPT_TIMEOUT_MS } = {}) {
  try {
    const res = await fetch(`${gateway}/api/${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }), ...headers },
      body: body && JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json;
    try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
    return { status: res.status, body: json };
  } catch {
    return { status: 0 };
  }
}

const pids = () => JSON.parse(readFileSync(path.join(runDir, 'pids.json'), 'utf8'));
const pidOf = (name) => pids().find((p) => p.name === name)?.pid;

/** A signal to a process the launcher runs; a kill is announced as deliberate (npm test's crash check). */
function signal(name, sig) {
  const pid = pidOf(name);
  if (!pid) throw new Error(`${name} is not running (${path.join(runDir, 'pids.json')})`);
  if (sig === 'SIGKILL') appendFileSync(path.join(runDir, 'deliberate-kills.jsonl'), `${JSON.stringify({ pid, name, at: new Date().toISOString() })}\n`);
  process.kill(pid, sig);
  return pid;
}

async function setup() {
  const stackFile = path.join(runDir, 'stack.json');
  if (!existsSync(stackFile)) throw new Error(`no ${stackFile}: start the stack first (npm start -- --instances scheduling=2)`);
  const stack = JSON.parse(readFileSync(stackFile, 'utf8'));
  const scheduling = stack.services.scheduling ?? [];
  if (scheduling.length < 2) throw new Error(`scheduling runs ${scheduling.length} instance(s): start the stack with --instances scheduling=2`);
  const owner = JSON.parse(readFileSync(path.join(LOCAL_DIR, 'demo-logins.json'), 'utf8')).find((l) => l.role === 'owner');
  const login = await call('POST', 'login', { body: { email: owner.login, password: owner.password } });
  if (login.status !== 200) throw new Error(`demo owner sign-in -> ${login.status}`);
  const token = login.body.access_token;
  const store = (await call('GET', 'getStoreByPermalink/lotus-nail-spa', { token })).body.stores[0];
  const staff = (await call('GET', `getStaffsByStoreId/${store.id}`, { token })).body.employees.filter((e) => !e.archived && e.role !== 'none' && e.role !== 'TBD');
  const customerId = (await call('GET', `getCustomersByStoreId/${store.id}`, { token })).body.customers[0].id;
  const service = (await call('GET', `getServicesByStoreId/${store.id}`, { token })).body.services.find((s) => s.status === 'ON' && s.type !== 'EXTERNAL');
  // Days the store opens, well ahead; bookings spread over them, the staff and the hours (staff may overbook).
  const days = [];
  for (let d = 30; days.length < 5 && d < 60; d++) {
    const date = DateTime.now().setZone(store.timezone).plus({ days: d });
    const hours = store.hours?.[date.toFormat('ccc').toLowerCase()];
    if (hours && !/closed/i.test(hours)) days.push(date.toISODate());
  }
  // Each day with the staff who work it: a booking on someone's weekly day off is refused (ruling 5).
  const worksOn = (e, date) => !(e.dayOff ?? '').toLowerCase().split(/\s+/).includes(DateTime.fromISO(date).toFormat('ccc').toLowerCase());
  const pairs = days.flatMap((date) => staff.filter((e) => worksOn(e, date)).map((e) => ({ date, staffId: e.id })));
  return { owner, token, store, staff, pairs, customerId, serviceIds: String(service.id), days, scheduling: scheduling.map((s) => s.name), natsNodes: stack.infra?.natsNodes ?? [], relays: (stack.services.realtime ?? [{ name: 'realtime' }]).map((s) => s.name) };
}

/** Of a NATS cluster's nodes, the one leading the events stream now (its monitor's /jsz says who leads). */
async function streamLeaderNode(nodes) {
  const json = async (url) => (await fetch(url, { signal: AbortSignal.timeout(5000) })).json();
  for (const node of nodes) {
    const jsz = await json(`${node.monitorUrl}/jsz?streams=true`).catch(() => undefined);
    const leader = jsz?.account_details?.flatMap((a) => a.stream_detail ?? []).find((s) => s.name === 'EVENTS')?.cluster?.leader;
    if (!leader) continue;
    for (const candidate of nodes) {
      if ((await json(`${candidate.monitorUrl}/varz`).catch(() => undefined))?.server_name === leader) return candidate.name;
    }
  }
  return nodes[0].name;
}

/** A booking client: books until stopped; every booking is sent again with its key until answered. */
async function bookingClient(ctx, c, bookings, running) {
  for (let n = 0; running.on; n++) {
    const slot = (c * 7919 + n) % (ctx.pairs.length * 8);
    const { date, staffId } = ctx.pairs[slot % ctx.pairs.length];
    const hour = 10 + (Math.floor(slot / ctx.pairs.length) % 8);
    const start = `${hour > 12 ? hour - 12 : hour}:00 ${hour >= 12 ? 'pm' : 'am'}`;
    const end = `${hour > 12 ? hour - 12 : hour}:30 ${hour >= 12 ? 'pm' : 'am'}`;
    const b = { note: `chaos ${ctx.run} c${c}-${n}`, key: randomUUID(), date, sentAt: Date.now(), tries: 0, statuses: [] };
    bookings.push(b);
    const body = { storeId: ctx.store.id, staffId, customerId: ctx.customerId, serviceIds: ctx.serviceIds, date, start, end, note: b.note };
    for (;;) {
      b.tries += 1;
      const res = await call('POST', 'appointment', { token: ctx.token, body, headers: { 'Idempotency-Key': b.key } });
      b.statuses.push(res.status);
      const again = res.status === 0 || res.status >= 500 || res.body?.code === 'idempotencyInProgress';
      if (!again) {
        if (res.status === 201) Object.assign(b, { id: res.body.appointment.id, ackAt: Date.now() });
        else b.refused = res.status;
        break;
      }
      if (Date.now() - b.sentAt > 120_000) break;
      await sleep(Math.min(100 * b.tries, 1000));
    }
  }
}

/** Waits until a booking sent now is acknowledged and the demo owner can sign in: ms since `from`. */
async function servingAgain(ctx, from, limitMs = 90_000) {
  while (Date.now() - from < limitMs) {
    const login = await call('POST', 'login', { body: { email: ctx.owner.login, password: ctx.owner.password } });
    const probe = login.status === 200 && (await call('POST', 'appointment', {
      token: ctx.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { storeId: ctx.store.id, staffId: ctx.pairs[0].staffId, customerId: ctx.customerId, serviceIds: ctx.serviceIds, date: ctx.pairs[0].date, start: '10:00 am', end: '10:15 am', note: `chaos ${ctx.run} probe` },
    }));
    if (probe?.status === 201) {
      ctx.probes.push(probe.body.appointment.id);
      return Date.now() - from;
    }
    await sleep(250);
  }
  return Infinity;
}

/** This run's bookings as the days say: note -> stored ids. Throws when a day cannot be read. */
async function chaosBookings(ctx) {
  const stored = new Map();
  for (const date of ctx.days) {
    const day = await call('GET', `getAppointmentsByStoreIdAndDate/${ctx.store.id}/${date}`, { token: ctx.token, timeoutMs: 30_000 });
    if (day.status !== 200) throw new Error(`day ${date} -> ${day.status}`);
    for (const a of day.body.appointments ?? []) if ((a.note ?? '').startsWith(`chaos ${ctx.run} c`)) stored.set(a.note, [...(stored.get(a.note) ?? []), a.id]);
  }
  return stored;
}

async function main() {
  const ctx = { ...(await setup()), run: Date.now().toString(36), probes: [] };
  log(`stack ${gateway}; scheduling instances: ${ctx.scheduling.join(', ')}; NATS: ${ctx.natsNodes.length > 1 ? `a cluster of ${ctx.natsNodes.length} nodes` : 'one server'}; ${CLIENTS} booking clients, ${SOCKETS} sockets; days ${ctx.days.join(', ')}`);
  const wsUrl = `${gateway.replace(/^http/, 'ws')}/realtime`;
  const sockets = Array.from({ length: SOCKETS }, (_, i) => new ChannelSocket({ url: wsUrl, token: ctx.token, channel: `store:${ctx.store.id}:appointment`, name: `socket ${i + 1}`, reread: async () => [...(await chaosBookings(ctx)).values()].flat() }).start());
  const bookings = [];
  const running = { on: true };
  await sleep(1000);
  const clients = Array.from({ length: CLIENTS }, (_, c) => bookingClient(ctx, c, bookings, running));

  const clustered = ctx.natsNodes.length > 1;
  const natsNode = async () => (clustered ? streamLeaderNode(ctx.natsNodes) : 'nats');
  const breaks = [
    { what: `SIGKILL ${ctx.scheduling.at(-1)}`, act: () => signal(ctx.scheduling.at(-1), 'SIGKILL') },
    { what: clustered ? 'NATS stream leader frozen 10 s' : 'NATS frozen 10 s', act: async () => freeze(await natsNode()) },
    { what: 'FerretDB frozen 10 s', act: () => freeze('ferretdb') },
    // with several relays, one dies and its sockets move to another
    { what: `SIGKILL ${ctx.relays[0]} (a relay)`, act: () => signal(ctx.relays[0], 'SIGKILL') },
    { what: 'SIGKILL ferretdb', act: () => signal('ferretdb', 'SIGKILL') },
    { what: 'SIGKILL postgres', act: () => signal('postgres', 'SIGKILL') },
    { what: clustered ? 'SIGKILL one NATS node (leader)' : 'SIGKILL nats', act: async () => signal(await natsNode(), 'SIGKILL') },
  ];
  const results = [];
  /** When a dependency was frozen: no server can answer a write that needs it before it thaws. */
  const frozen = [];
  const freeze = async (name) => {
    const from = Date.now();
    signal(name, 'SIGSTOP');
    await sleep(FREEZE_MS);
    signal(name, 'SIGCONT');
    frozen.push({ name, from, to: Date.now() });
  };
  await sleep(SETTLE_MS);
  for (const b of breaks) {
    log(`break: ${b.what}`);
    await b.act();
    const from = Date.now();
    const backMs = await servingAgain(ctx, from);
    log(`  serving again after ${backMs === Infinity ? 'never (90 s)' : `${(backMs / 1000).toFixed(1)} s`}`);
    results.push({ what: b.what, backMs });
    await sleep(SETTLE_MS);
  }
  running.on = false;
  await Promise.all(clients);
  log('bookings stopped; waiting for late events to reach the sockets');
  await sleep(SETTLE_MS);

  const stored = await chaosBookings(ctx);
  const acknowledged = bookings.filter((b) => b.id !== undefined);
  const lost = acknowledged.filter((b) => !(stored.get(b.note) ?? []).includes(b.id));
  const doubled = [...stored.entries()].filter(([, ids]) => ids.length > 1);
  const unanswered = bookings.filter((b) => b.id === undefined && b.refused === undefined);
  const refused = bookings.filter((b) => b.refused !== undefined);
  // A booking's wait is counted from when it could first be answered: a freeze it was sent into is not ours.
  const thawedAt = (b) => Math.max(b.sentAt, ...frozen.filter((f) => f.from <= b.ackAt && f.to >= b.sentAt).map((f) => f.to));
  const waitOf = (b) => b.ackAt - thawedAt(b);
  const slowestBy = (wait) => acknowledged.reduce((a, b) => (wait(b) > (a ? wait(a) : -1) ? b : a), undefined);
  const slowest = slowestBy(waitOf);
  const slowestRaw = slowestBy((b) => b.ackAt - b.sentAt);
  const ids = acknowledged.map((b) => b.id);

  console.log('\nchaos report');
  console.log(`  acknowledged  ${acknowledged.length} of ${bookings.length} sent (refused ${refused.length}${refused.length ? `: ${[...new Set(refused.map((b) => b.refused))].join(', ')}` : ''}; never answered ${unanswered.length})`);
  console.log(`  lost          ${lost.length}${lost.length ? `  (${lost.slice(0, 5).map((b) => `${b.note}: answered id ${b.id} after ${b.tries} tries (${b.statuses.join(' ')}), stored ${JSON.stringify(stored.get(b.note) ?? [])}`).join('; ')})` : ''}`);
  console.log(`  doubled       ${doubled.length}${doubled.length ? `  (${doubled.slice(0, 5).map(([n, i]) => `${n}: ${i.join(',')}`).join('; ')})` : ''}`);
  const describe = (b, wait) => (b ? `${(wait / 1000).toFixed(1)} s (${b.tries} tries: ${b.statuses.join(' ')})` : '-');
  console.log(`  slowest       ${describe(slowest, slowest && waitOf(slowest))} after the dependencies could answer`);
  console.log(`                ${describe(slowestRaw, slowestRaw && slowestRaw.ackAt - slowestRaw.sentAt)} from first send, freezes included`);
  for (const s of sockets) {
    const missed = s.missed(ids);
    const at = (b) => new Date(b.ackAt).toISOString().slice(11, 19);
    const missedBookings = acknowledged.filter((b) => missed.includes(b.id));
    console.log(`  ${s.name}      missed ${missed.length} of ${ids.length} events (connected ${s.connects} times, ${s.replayed} replayed, ${s.resyncs} re-reads${s.lastSeq !== undefined ? `, at seq ${s.lastSeq}` : ''})${missedBookings.length ? `; acknowledged ${at(missedBookings[0])} to ${at(missedBookings.at(-1))}` : ''}`);
  }
  for (const r of results) console.log(`  ${r.what.padEnd(32)} serving again after ${r.backMs === Infinity ? 'never' : `${(r.backMs / 1000).toFixed(1)} s`}`);
  const missedAny = sockets.some((s) => s.missed(ids).length > 0);
  const ok = lost.length === 0 && doubled.length === 0 && slowest && waitOf(slowest) <= GOALS.slowestMs && !missedAny && results.every((r) => r.backMs <= GOALS.backMs);
  console.log(ok ? '  goals met' : '  goals NOT met (0 lost, 0 doubled, slowest <= 10 s, 0 missed, serving again <= 30 s)');
  for (const s of sockets) s.close();

  if (!values.keep) {
    const all = [...[...stored.values()].flat(), ...ctx.probes];
    for (let i = 0; i < all.length; i += 8) await Promise.all(all.slice(i, i + 8).map((id) => call('GET', `removeAppointment/${id}`, { token: ctx.token, timeoutMs: 30_000 })));
  }
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(`chaos: ${err.message}`);
  process.exit(2);
});
