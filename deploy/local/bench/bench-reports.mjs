// `npm run bench:reports`: /reports' call (getReportByStoreIdAndRange) through the gateway, for 30 and 365 days
// of a 20-staff store with ~15 appointments per staff member a day (109,500 over the year), p50/p95.
// The store, its owner and staff are made through the API once; its year of appointments is written straight
// to the database (as bench:db's seed does), with each day's stamp, so the first report counts every day from
// the appointments (printed as the cold call) and the later ones read the kept day totals (docs/product/reports.md).
// Uses the running `npm start` stack (same TURNBOOK_PORT_SHIFT) or starts one.
//   node deploy/local/bench/bench-reports.mjs [--runs 100]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { MongoClient } from 'mongodb';
import { benchOwner, loadNow, mongoUrl, percentile, ports, send as request, time12, useStack } from './stack.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '100' } } });
const RUNS = Number(values.runs);
const BUDGET_MS = 200;
const ZONE = 'America/New_York';
const STAFF = 20;
const PER_STAFF_DAY = 15;
const DAYS = 365;
const STORE_NAME = 'Bench Reports Twenty Staff';
const OWNER = { email: 'bench-reports-owner@example.com', password: 'Bench-owner-1', fname: 'bench', lname: 'reports', phone: '2155550178', role: 'professional' };
const PRICES = [25, 27.5, 35, 40, 45.25, 60];

const send = async (method, url, options) => (await request(method, url, options)).json;


/** The store with 20 staff (API), then its year of appointments (database), once; a marker records both. */
async function benchStore(token, ownerId) {
  const client = await MongoClient.connect(mongoUrl, { retryWrites: false });
  try {
    const db = client.db('turnbook-scheduling');
    let marker = await db.collection('bench_seed').findOne({ _id: 'reports-year' });
    if (marker?.seeded) return marker;
    if (!marker) {
      console.log('Creating the bench store (20 staff)…');
      const hours = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, '9:00 am-9:00 pm']));
      const mine = (await send('GET', `getStoreByOwnerId/${ownerId}`, { token })).stores ?? [];
      const store = mine.find((s) => s.name.toLowerCase() === STORE_NAME.toLowerCase()) ?? (await send('POST', 'store', {
        token,
        body: {
          name: STORE_NAME, street: '2 Bench Street', city: 'Philadelphia', state: 'PA', zip: '19102', email: 'bench-reports@example.com',
          phone: '2155550179', timezone: ZONE, hours, username: 'bench-reports-front-desk', password: 'Bench-pass-1', password_confirmation: 'Bench-pass-1',
        },
      })).store;
      const have = (await send('GET', `getStaffsByStoreId/${store.id}`, { token })).employees ?? [];
      for (let i = have.length; i < STAFF; i++) await send('POST', 'staff', { token, body: { hasAccount: 'noAccount', nickname: `report ${String(i + 1).padStart(2, '0')}`, storeId: store.id } });
      const staff = ((await send('GET', `getStaffsByStoreId/${store.id}`, { token })).employees ?? []).slice(0, STAFF);
      marker = { _id: 'reports-year', storeId: store.id, staffIds: staff.map((s) => s.id), seeded: false };
      await db.collection('bench_seed').insertOne(marker);
    }
    const last = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 });
    const dates = Array.from({ length: DAYS }, (_, i) => last.minus({ days: DAYS - 1 - i }).toISODate());
    console.log(`Writing ${STAFF * PER_STAFF_DAY * DAYS} appointments over ${dates[0]}..${dates.at(-1)}…`);
    const counter = await db.collection('counters').findOne({ _id: 'appointments' });
    const top = counter ? [] : await db.collection('appointments').find({}, { projection: { _id: 1 } }).sort({ _id: -1 }).limit(1).toArray();
    let next = Math.max(Number(top[0]?._id ?? 0), Number(counter?.seq ?? 0)) + 1;
    const now = new Date();
    const started = Date.now();
    for (const date of dates) {
      const rows = [];
      marker.staffIds.forEach((staffId, s) => {
        for (let k = 0; k < PER_STAFF_DAY; k++) {
          const startMin = 9 * 60 + k * 45;
          const price = PRICES[(s + k) % PRICES.length];
          const cancelled = (s * 7 + k) % 40 === 0;
          rows.push({
            _id: next++, storeId: marker.storeId, staffId: k === 14 && s % 5 === 0 ? 9999 : staffId, customerId: 1, serviceIds: '1',
            services: [{ id: 1, name: 'Bench Service', price, duration: 45 }], date, start: time12(startMin), end: time12(startMin + 45), startMin, endMin: startMin + 45,
            note: '', status: cancelled ? 'CANCEL' : 'ON', createdBy: ownerId, modifiedBy: ownerId, sale: k % 3 === 0 ? Math.round(price * 100) + 500 : 0,
            holdKey: randomUUID(), claimStaffId: null, customerFname: 'bench', customerLname: 'client', customerPhone: '', customerEmail: '', customerStatus: '', created_at: now, updated_at: now,
          });
        }
      });
      await db.collection('appointments').insertMany(rows, { ordered: false });
      await db.collection('appointment_day_stamps').updateOne({ _id: `${marker.storeId}:${date}` }, { $set: { v: randomUUID(), storeId: marker.storeId, year: date.slice(0, 4), month: date.slice(0, 7) } }, { upsert: true });
    }
    await db.collection('counters').updateOne({ _id: 'appointments' }, { $max: { seq: next } }, { upsert: true });
    await db.collection('bench_seed').updateOne({ _id: 'reports-year' }, { $set: { seeded: true, first: dates[0], last: dates.at(-1) } });
    console.log(`  written in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return { ...marker, seeded: true, first: dates[0], last: dates.at(-1) };
  } finally {
    await client.close();
  }
}

const ms = (x) => `${x.toFixed(1)} ms`;

async function timed(fn, runs, warmup = 10) {
  for (let i = 0; i < warmup; i++) await fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

async function main() {
  const stack = await useStack();
  let failed = false;
  try {
    const { token, ownerId } = await benchOwner(OWNER);
    const bench = await benchStore(token, ownerId);
    const last = DateTime.fromISO(bench.last);
    const ranges = [
      { days: 30, from: last.minus({ days: 29 }).toISODate(), to: bench.last },
      { days: 365, from: bench.first, to: bench.last },
    ];
    console.log(`store ${bench.storeId}: ${STAFF} staff, ${PER_STAFF_DAY} appointments per staff member a day, ${bench.first}..${bench.last}`);
    console.log(`load average at start: ${loadNow()} (1, 5, 15 min)\n`);
    const report = (r) => send('GET', `getReportByStoreIdAndRange/${bench.storeId}?from=${r.from}&to=${r.to}`, { token });

    // The cold call: every day was written straight to the database, so each is counted from its appointments
    // (FerretDB decodes ~110,000 documents: tens of seconds on this machine, past the gateway's 60 s proxy
    // timeout), asked of the service itself. Days written through the service are counted as they are written.
    // What an earlier run kept goes first, so every run measures the same cold call.
    const client = await MongoClient.connect(mongoUrl, { retryWrites: false });
    await client.db('turnbook-scheduling').collection('report_days').deleteMany({ storeId: bench.storeId });
    await client.db('turnbook-scheduling').collection('report_months').deleteMany({ storeId: bench.storeId });
    // A report waits for its days' counting up to a limit, then answers 503 while the counting goes on:
    // asked again every 2 s until it answers, as the screen's retry would.
    const t0 = performance.now();
    let firstAnswer;
    for (;;) {
      const t = performance.now();
      const cold = await fetch(`http://127.0.0.1:${ports.services.scheduling}/api/getReportByStoreIdAndRange/${bench.storeId}?from=${ranges[1].from}&to=${ranges[1].to}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(600_000) });
      firstAnswer ??= `${cold.status} in ${ms(performance.now() - t)}`;
      if (cold.ok) {
        await cold.json();
        break;
      }
      if (cold.status !== 503) throw new Error(`the cold report -> ${cold.status} ${await cold.text()}`);
      await cold.text();
      await new Promise((r) => setTimeout(r, 2000));
    }
    console.log(`365 days, first call after the bulk write (each day counted from its appointments, straight to the service): first answer ${firstAnswer}, the report after ${ms(performance.now() - t0)}  load ${loadNow()}`);
    const year = await report(ranges[1]);
    console.log(`  ${year.rows.length} rows, ${year.columns.length} columns, total revenue $${(year.totalCents / 100).toFixed(2)}`);
    if (year.rows.length !== 365 || year.columns.length < STAFF + 2) throw new Error('the report does not have 365 rows and every column');

    for (const r of ranges) {
      const times = await timed(() => report(r), RUNS);
      const p95 = percentile(times, 95);
      const ok = p95 < BUDGET_MS;
      failed ||= !ok;
      console.log(`${String(r.days).padStart(3)} days (${r.from}..${r.to}): p50 ${ms(percentile(times, 50))}  p95 ${ms(p95)}  (${RUNS} calls; budget ${BUDGET_MS} ms: ${ok ? 'ok' : 'OVER'})  load ${loadNow()}`);
    }

    // Days just changed and not reloaded yet (their day and month stamps moved, as every appointment write
    // does): the report counts those days from their appointments and reads their months' other days again.
    try {
      const db = client.db('turnbook-scheduling');
      const changed = [0, 40, 80, 120, 160].map((back) => last.minus({ days: back }).toISODate());
      for (const n of [1, 5]) {
        const times = [];
        for (let i = 0; i < 22; i++) {
          for (const date of changed.slice(0, n)) {
            await db.collection('appointment_day_stamps').updateOne({ _id: `${bench.storeId}:${date}` }, { $set: { v: randomUUID() } });
            await db.collection('appointment_month_stamps').updateOne({ _id: `${bench.storeId}:${date.slice(0, 7)}` }, { $set: { v: randomUUID(), storeId: bench.storeId, year: date.slice(0, 4) } }, { upsert: true });
          }
          const t = performance.now();
          await report(ranges[1]);
          if (i >= 2) times.push(performance.now() - t);
          // the months are kept again after the answer
          await new Promise((r) => setTimeout(r, 300));
        }
        times.sort((a, b) => a - b);
        const p95 = percentile(times, 95);
        failed ||= p95 >= BUDGET_MS;
        console.log(`365 days with ${n} day${n > 1 ? 's' : ''} just changed: p50 ${ms(percentile(times, 50))}  p95 ${ms(p95)}  (20 calls; budget ${BUDGET_MS} ms: ${p95 < BUDGET_MS ? 'ok' : 'OVER'})  load ${loadNow()}`);
      }
      // What a salon does: an appointment changed through the API (its day reloaded and counted after the
      // answer, in the background), then the report at once.
      const booked = await db.collection('appointments').findOne({ storeId: bench.storeId, date: bench.last, status: 'ON' }, { projection: { _id: 1 } });
      const times = [];
      for (let i = 0; i < 22; i++) {
        await send('PATCH', `appointment/${booked._id}`, { token, body: { note: `bench ${i}` } });
        const t = performance.now();
        await report(ranges[1]);
        if (i >= 2) times.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 300));
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      failed ||= p95 >= BUDGET_MS;
      console.log(`365 days right after an appointment changed through the API: p50 ${ms(percentile(times, 50))}  p95 ${ms(p95)}  (20 calls; budget ${BUDGET_MS} ms: ${p95 < BUDGET_MS ? 'ok' : 'OVER'})  load ${loadNow()}`);
    } finally {
      await client.close();
    }
  } finally {
    await stack.stop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
