#!/usr/bin/env node
// npm run bench:relay: how fast a booking reaches every open calendar of its store when the relays scale out.
// 2,000 sockets (the owner's token, as a front desk's calendar) join the demo store's appointment channel
// through the gateway, which spreads them over the relays; then bookings are made one after another and,
// for each, the time from sending the booking to its event on the LAST of the 2,000 sockets is taken
// (write, outbox publish, JetStream, both relays, the gateway and this client all included), and the
// spread from the first socket to the last (the relays' fan-out alone).
// Goal (issue 34): p95 to all of a store's sockets <= 250 ms with 2,000 sockets on 2 relays.
// Uses the running dev stack (same TURNBOOK_PORT_SHIFT) if it runs two relays or more, else starts one with
// --instances realtime=2,scheduling=2.   options: --sockets 2000 --bookings 60
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { WebSocket } from 'ws';
import { profileDirs } from '../paths.mjs';
import { gateway, loadNow, percentile, send, useStack } from './stack.mjs';

const { values: opts } = parseArgs({ options: { sockets: { type: 'string', default: '2000' }, bookings: { type: 'string', default: '60' } } });
const SOCKETS = Number(opts.sockets);
const BOOKINGS = Number(opts.bookings);
/** Sockets that may wait for their `subscribed` at once: the relay caps unauthenticated sockets per address (20). */
const CONNECTING_AT_ONCE = 15;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const relayCount = () => {
  try {
    return JSON.parse(readFileSync(path.join(profileDirs('dev').run, 'stack.json'), 'utf8')).services.realtime?.length ?? 0;
  } catch {
    return 0;
  }
};

const stack = await useStack(['--instances', 'realtime=2,scheduling=2']);
if (relayCount() < 2) {
  console.error(`the running stack has ${relayCount()} relay(s): start it with --instances realtime=2 (or stop it and let this bench start one)`);
  await stack.stop();
  process.exit(2);
}
try {
  const owner = JSON.parse(readFileSync(new URL('../demo-logins.json', import.meta.url), 'utf8')).find((l) => l.role === 'owner');
  const read = async (method, url, o) => (await send(method, url, o)).json;
  const token = (await read('POST', 'login', { body: { email: owner.login, password: owner.password } })).access_token;
  const store = (await read('GET', 'getStoreByPermalink/lotus-nail-spa', { token })).stores[0];
  const staff = (await read('GET', `getStaffsByStoreId/${store.id}`, { token })).employees.find((e) => !e.archived && e.role !== 'none' && e.role !== 'TBD');
  const customerId = (await read('GET', `getCustomersByStoreId/${store.id}`, { token })).customers[0].id;
  const service = (await read('GET', `getServicesByStoreId/${store.id}`, { token })).services.find((s) => s.status === 'ON' && s.type !== 'EXTERNAL');
  let date;
  for (let d = 40; !date && d < 80; d++) {
    const day = DateTime.now().setZone(store.timezone).plus({ days: d });
    const hours = store.hours?.[day.toFormat('ccc').toLowerCase()];
    // The store opens and the staff member works (a weekly day off is refused, ruling 5).
    const off = (staff.dayOff ?? '').toLowerCase().split(/\s+/).includes(day.toFormat('ccc').toLowerCase());
    if (hours && !/closed/i.test(hours) && !off) date = day.toISODate();
  }
  const channel = `store:${store.id}:appointment`;

  // appointment id -> arrival time (ms, performance.now()) on each socket
  const arrivals = new Map();
  const open = (i) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`${gateway.replace(/^http/, 'ws')}/realtime`);
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'auth', token }));
      ws.send(JSON.stringify({ type: 'subscribe', channel }));
    });
    ws.on('message', (raw) => {
      const at = performance.now();
      const frame = JSON.parse(String(raw));
      if (frame.type === 'subscribed') resolve(ws);
      if (frame.type === 'event' && /\.created$/.test(frame.subject) && typeof frame.data?.id === 'number') {
        const list = arrivals.get(frame.data.id) ?? [];
        list.push(at);
        arrivals.set(frame.data.id, list);
      }
      if (frame.type === 'error') reject(new Error(`socket ${i}: ${frame.message}`));
    });
    ws.on('error', reject);
  });
  const began = Date.now();
  const sockets = [];
  for (let i = 0; i < SOCKETS; i += CONNECTING_AT_ONCE) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(CONNECTING_AT_ONCE, SOCKETS - i) }, (_, k) => open(i + k)))));
  }
  console.log(`${sockets.length} sockets subscribed through the gateway in ${((Date.now() - began) / 1000).toFixed(1)} s (load ${loadNow()})`);
  await sleep(1000);

  const toAll = [];
  const spread = [];
  const created = [];
  for (let b = 0; b < BOOKINGS; b++) {
    const sentAt = performance.now();
    const res = await read('POST', 'appointment', { token, body: { storeId: store.id, staffId: staff.id, customerId, serviceIds: String(service.id), date, start: '10:00 am', end: '10:30 am', note: `bench relay ${b}` } });
    const id = res.appointment.id;
    created.push(id);
    const deadline = Date.now() + 10_000;
    while ((arrivals.get(id)?.length ?? 0) < SOCKETS && Date.now() < deadline) await sleep(5);
    const got = arrivals.get(id) ?? [];
    if (got.length < SOCKETS) console.log(`  booking ${b}: only ${got.length} of ${SOCKETS} sockets within 10 s`);
    toAll.push(Math.max(...got) - sentAt);
    spread.push(Math.max(...got) - Math.min(...got));
    await sleep(100);
  }
  const fmt = (list) => {
    const s = [...list].sort((x, y) => x - y);
    return `p50 ${percentile(s, 50).toFixed(0)} ms, p95 ${percentile(s, 95).toFixed(0)} ms, max ${s.at(-1).toFixed(0)} ms`;
  };
  console.log(`${BOOKINGS} bookings, ${SOCKETS} sockets on ${relayCount()} relays:`);
  console.log(`  booking sent -> its event on every socket: ${fmt(toAll)}   (goal p95 <= 250 ms)`);
  console.log(`  first socket -> last socket (fan-out):    ${fmt(spread)}`);
  console.log(`  load ${loadNow()}`);
  for (const ws of sockets) ws.terminate();
  for (const id of created) await send('GET', `removeAppointment/${id}`, { token }).catch(() => undefined);
} finally {
  await stack.stop();
}
