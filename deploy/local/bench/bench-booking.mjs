#!/usr/bin/env node
// npm run bench:booking: no double booking under load, through the gateway of a running dev stack (the
// same TURNBOOK_PORT_SHIFT; one is started when none answers).
//
//   1. 1,000 concurrent online requests from 200 different customers for the LAST free slot of one staff
//      member (the rest of that staff member's day is made a day off): exactly one must be accepted, every
//      other one a 409 whose message the booking modal shows, no 5xx.
//   2. 1,000 concurrent 'anyone' requests (staffId 8888) from the same customers for a time when N staff are
//      free: at most N accepted, each holding a different staff member (read from the claims on the records).
//   Prints accepted / 409 / other / 5xx, latency p50/p95 and the machine's load.
//
// How it is attacked and measured: as the product would be, by guests of the booking page without a token.
// Each customer registers in the booking flow, becomes the store's customer with its own phone, and sends
// from its own client address (127.0.1.x: the whole 127/8 is this machine, so the gateway sees 200
// addresses). The production limits per address (20 requests an hour), per phone (10) and on registrations
// and customer creation apply unchanged: each customer sends 5 requests per round. The one bench-only
// setting is the per-store ceiling, GUEST_BOOKING_PER_STORE (production 300 an hour: it is what refuses
// exactly this flood on a real salon). A stack started here gets GUEST_BOOKING_PER_STORE=100000; a running
// one must have been started with it, e.g.
//   GUEST_BOOKING_PER_STORE=100000 TURNBOOK_PORT_SHIFT=12500 node deploy/local/cli.mjs start --skip-web
// (without it the run stops at the first 429 and says so).
//   options: --customers 200 --per-customer 5
import http from 'node:http';
import { parseArgs } from 'node:util';
import { MongoClient } from 'mongodb';
import { gateway, loadNow, mongoUrl, percentile, ports, useStack } from './stack.mjs';
import { readFileSync } from 'node:fs';

const { values: opts } = parseArgs({ options: { customers: { type: 'string', default: '200' }, 'per-customer': { type: 'string', default: '5' } } });
const CUSTOMERS = Number(opts.customers);
const PER_CUSTOMER = Number(opts['per-customer']);
const SCHEDULING_DB = 'turnbook-scheduling';
const ANYONE = 8888;
const demoLogins = JSON.parse(readFileSync(new URL('../demo-logins.json', import.meta.url), 'utf8'));
const login = (role) => demoLogins.find((l) => l.role === role);

/** One call through the gateway from a given client address; resolves with status, body and milliseconds. */
function call(method, path, { body, token, from, agent } = {}) {
  const data = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1', port: ports.gateway, method, path: `/api/${path}`, agent, localAddress: from,
        headers: { ...(data && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }), ...(token && { authorization: `Bearer ${token}` }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let json;
          try { json = text ? JSON.parse(text) : undefined; } catch { json = text; }
          resolve({ status: res.statusCode, body: json, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

async function must(method, path, opts) {
  let r = await call(method, path, opts);
  // Setting up (registration hashes a password): a busy service's 503 is retried as a client would.
  for (let retry = 1; r.status === 503 && retry <= 5; retry++) {
    await new Promise((res) => setTimeout(res, 1000 * retry));
    r = await call(method, path, opts);
  }
  if (r.status >= 300) {
    const hint = r.status === 429 ? ' (a limit was hit: see the header of this script for the one bench-only setting)' : '';
    throw new Error(`${method} ${path} -> ${r.status} ${JSON.stringify(r.body).slice(0, 300)}${hint}`);
  }
  return r.body;
}

const to12 = (min) => {
  const h = Math.floor(min / 60) % 24;
  return `${String(h % 12 || 12).padStart(2, '0')}:${String(min % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
};
const dateAhead = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Runs `task` over `items`, `width` at a time (registration hashes passwords: not all at once). */
async function pool(items, width, task) {
  const out = [];
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i], i);
    }
  }));
  return out;
}

/** A guest of the booking page: registered in the flow, the store's customer by its phone, its own address. */
async function newCustomer(storeId, i, run) {
  const from = `127.0.1.${i + 1}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: PER_CUSTOMER });
  const phone = `26${String(run).slice(-3)}${String(i).padStart(5, '0')}`;
  const email = `bench-${run}-${i}@example.com`;
  const password = 'Bench-pass-123';
  const reg = await must('POST', 'register', { body: { email, password, password_confirmation: password, fname: 'bench', lname: `c${i}`, phone, role: 'customer', term: 'agreed' }, from, agent });
  const customer = await must('POST', 'customer', { body: { storeId, fname: 'bench', lname: `c${i}`, phone, email, userId: reg.user.id }, from, agent });
  return { from, agent, userId: reg.user.id, customerId: customer.customer.id };
}

let reconnects = 0;
/**
 * One request of the flood. A connection the machine refused before the request was sent (the accept queue
 * full) is tried again, as a browser would, and counted; an error after that counts as 'other' (status 0).
 */
async function send(c, body) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call('POST', 'public_bookAppointmentOnline', { body: { ...body, customerId: c.customerId, userId: c.userId }, from: c.from, agent: c.agent });
    } catch (err) {
      if (attempt >= 3) return { status: 0, body: { code: err.code ?? err.message }, ms: 0 };
      reconnects++;
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 800));
    }
  }
}

/** 1,000 requests at once: every customer sends PER_CUSTOMER for the same time. */
async function flood(customers, body) {
  reconnects = 0;
  return Promise.all(customers.flatMap((c) => Array.from({ length: PER_CUSTOMER }, () => send(c, body))));
}

function tally(answers) {
  const accepted = answers.filter((a) => a.status === 201);
  const taken = answers.filter((a) => a.status === 409);
  const fivexx = answers.filter((a) => a.status >= 500);
  const other = answers.filter((a) => a.status !== 201 && a.status !== 409 && a.status < 500);
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const otherKinds = [...new Set(other.map((a) => `${a.status} ${a.body?.code ?? ''}`))];
  const messages = [...new Set(taken.map((a) => a.body?.message))];
  return { accepted, taken, fivexx, other, otherKinds, messages, p50: percentile(times, 50), p95: percentile(times, 95) };
}

const line = (label, t) =>
  console.log(`${label}\n  ${t.accepted.length} accepted, ${t.taken.length} 409, ${t.other.length} other${t.otherKinds.length ? ` (${t.otherKinds.join(', ')})` : ''}, ${t.fivexx.length} 5xx; latency p50 ${t.p50.toFixed(0)} ms p95 ${t.p95.toFixed(0)} ms; ${reconnects} connections tried again; 409 says: ${t.messages.join(' | ')}`);

async function main() {
  process.env.GUEST_BOOKING_PER_STORE ??= '100000';
  const stack = await useStack();
  const mongo = await MongoClient.connect(mongoUrl, { retryWrites: false });
  let failed = false;
  try {
    const run = Date.now();
    const desk = login('store login (front desk; kiosk mode)');
    const storeId = (await must('POST', 'storeLogin', { body: { username: desk.login, password: desk.password } })).store.id;
    const owner = login('owner');
    const ownerToken = (await must('POST', 'login', { body: { email: owner.login, password: owner.password } })).access_token;
    const service = (await must('GET', `public_getExternalServicesByStoreId/${storeId}`)).services[0];
    const online = (await must('GET', `public_getStaffsByStoreId/${storeId}`)).employees.filter((e) => e.online_booking === 'ON');
    const staffX = online[0];

    // A day far enough ahead that nothing else books it, where the staff member has free time.
    let date;
    let freeX = [];
    for (let ahead = 10 + (run % 30); ahead < 45 && !date; ahead++) {
      const d = dateAhead(ahead);
      const got = await must('GET', `availability/${storeId}/${d}?serviceIds=${service.id}&staffId=${staffX.id}`);
      const free = got.slots.filter((s) => s.free);
      if (free.length >= 8) [date, freeX] = [d, free];
    }
    if (!date) throw new Error('no open day with free time for the staff member in the booking window');
    const target = freeX[Math.floor(freeX.length / 2)];
    // Everything but that slot becomes a day off, so it is the staff member's last free slot.
    const end = target.startMin + service.duration;
    for (const [s, e] of [[0, target.startMin], [end, 24 * 60 - 15]]) {
      if (e > s) await must('POST', 'appointment', { body: { storeId, staffId: staffX.id, customerId: 0, serviceIds: '0', date, start: to12(s), end: to12(e), note: 'bench: all but the last slot' }, token: ownerToken });
    }
    const left = (await must('GET', `availability/${storeId}/${date}?serviceIds=${service.id}&staffId=${staffX.id}`)).slots.filter((s) => s.free);
    console.log(`store ${storeId}, ${service.name} (${service.duration} min), staff ${staffX.id} on ${date}: free starts left ${left.map((s) => s.start).join(', ')}`);

    console.log(`registering ${CUSTOMERS} guests (each its own address and phone)…`);
    const t0 = performance.now();
    const customers = await pool(Array.from({ length: CUSTOMERS }, (_, i) => i), 8, (i) => newCustomer(storeId, i, run));
    console.log(`  done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const one = tally(await flood(customers, { storeId, staffId: staffX.id, serviceIds: `${service.id}`, date, start: target.start, end: to12(end) }));
    line(`\n1. ${customers.length * PER_CUSTOMER} concurrent requests from ${customers.length} customers for the last free slot (${target.start}) of one staff member [load ${loadNow()}]`, one);
    const okOne = one.accepted.length === 1 && one.fivexx.length === 0 && one.other.length === 0;
    console.log(`  ${okOne ? 'OK' : 'FAILED'}: exactly one accepted, every other one 409, no 5xx`);

    // 'anyone': a time on another day when N staff members taking online requests are free.
    let anyDate;
    let anyStart;
    let freeStaff = [];
    for (let ahead = 10 + ((run + 7) % 30); ahead < 45 && !anyDate; ahead++) {
      const d = dateAhead(ahead);
      if (d === date) continue;
      const all = await must('GET', `availability/${storeId}/${d}?serviceIds=${service.id}`);
      const candidate = all.slots.filter((s) => s.free)[Math.floor(all.slots.filter((s) => s.free).length / 2)];
      if (!candidate) continue;
      const who = [];
      for (const e of online) {
        const mine = await must('GET', `availability/${storeId}/${d}?serviceIds=${service.id}&staffId=${e.id}`);
        if (mine.slots.some((s) => s.free && s.start === candidate.start)) who.push(e.id);
      }
      if (who.length >= 2) [anyDate, anyStart, freeStaff] = [d, candidate, who];
    }
    if (!anyDate) throw new Error('no time with two or more staff free in the booking window');
    const two = tally(await flood(customers, { storeId, staffId: ANYONE, serviceIds: `${service.id}`, date: anyDate, start: anyStart.start, end: to12(anyStart.startMin + service.duration) }));
    line(`\n2. ${customers.length * PER_CUSTOMER} concurrent 'anyone' requests for ${anyDate} ${anyStart.start}, N = ${freeStaff.length} staff free [load ${loadNow()}]`, two);
    const ids = two.accepted.map((a) => a.body.appointment.id);
    // one equality at a time: FerretDB reads a whole collection for an $in (docs/decisions.md)
    const docs = await Promise.all(ids.map((id) => mongo.db(SCHEDULING_DB).collection('appointments').findOne({ _id: id }, { projection: { staffId: 1, claimStaffId: 1 } })));
    const held = docs.map((d) => d.claimStaffId);
    const distinct = new Set(held).size === held.length && held.every((h) => freeStaff.includes(h));
    const okTwo = two.accepted.length <= freeStaff.length && two.accepted.length > 0 && distinct && docs.every((d) => d.staffId === ANYONE) && two.fivexx.length === 0 && two.other.length === 0;
    console.log(`  held staff: ${held.join(', ')}`);
    console.log(`  ${okTwo ? 'OK' : 'FAILED'}: at most N accepted, each on a different free staff member, on 8888, no 5xx`);
    failed = !okOne || !okTwo;
    for (const c of customers) c.agent.destroy();
  } finally {
    await mongo.close();
    await stack.stop();
  }
  console.log(`\ngateway ${gateway}; load ${loadNow()}`);
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
