// `npm run bench:franchise-report`: the consolidated report (getFranchiseReport) of 50 locations over 30 days
// through the gateway, p50/p95 against the 200 ms goal (docs/product/reports.md, "The franchise report").
// One owner's 50 stores (3 staff each) are made through the API once; a year of their appointments (3 staff x 3
// a day, ~164,000) is written straight to the database with each day's and month's stamp, as bench:reports does.
// The first report counts its months' days from their appointments (printed as the cold call, asked again while
// it answers 503 as the screen's retry would); the timed calls read the kept totals.
// Uses the running `npm start` stack (same TURNBOOK_PORT_SHIFT) or starts one; 150 staff adds are past the dev
// profile's 20 an hour, so start the stack with STAFF_ADDS_PER_HOUR=1000 (a stack started here gets it).
//   node deploy/local/bench/bench-franchise-report.mjs [--runs 100] [--locations 50] [--days 30]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { MongoClient } from 'mongodb';
import { benchOwner, loadNow, mongoUrl, percentile, ports, send as request, time12, useStack } from './stack.mjs';

process.env.STAFF_ADDS_PER_HOUR ??= '1000';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '100' }, locations: { type: 'string', default: '50' }, days: { type: 'string', default: '30' } } });
const RUNS = Number(values.runs);
const LOCATIONS = Number(values.locations);
const REPORT_DAYS = Number(values.days);
const BUDGET_MS = 200;
const ZONE = 'America/New_York';
const STAFF = 3;
const PER_STAFF_DAY = 3;
const YEAR = 365;
const OWNER = { email: 'bench-franchise-owner@example.com', password: 'Bench-owner-1', fname: 'bench', lname: 'franchise', phone: '2155550181', role: 'professional' };
const PRICES = [25, 27.5, 35, 40, 45.25, 60];
const MARKER = 'franchise-year';

const send = async (method, url, options) => (await request(method, url, options)).json;
const ms = (x) => `${x.toFixed(1)} ms`;


/** The owner's locations with their staff, made through the API (what an earlier run made is kept). */
async function locations(token, ownerId) {
  const hours = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, '9:00 am-9:00 pm']));
  const mine = (await send('GET', `getStoreByOwnerId/${ownerId}`, { token })).stores ?? [];
  const out = [];
  for (let i = 0; i < LOCATIONS; i++) {
    const name = `Bench Franchise ${String(i + 1).padStart(2, '0')}`;
    let store = mine.find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (!store) {
      if (i % 10 === 0) console.log(`Creating locations ${i + 1}..${Math.min(LOCATIONS, i + 10)}…`);
      store = (await send('POST', 'store', {
        token,
        body: {
          name, street: `${i + 1} Franchise Street`, city: 'Philadelphia', state: 'PA', zip: '19102', email: `bench-franchise-${i + 1}@example.com`,
          phone: '2155550182', timezone: ZONE, hours, username: `bench-franchise-${i + 1}`, password: 'Bench-pass-1', password_confirmation: 'Bench-pass-1',
        },
      })).store;
    }
    const have = (await send('GET', `getStaffsByStoreId/${store.id}`, { token })).employees ?? [];
    for (let k = have.length; k < STAFF; k++) {
      await send('POST', 'staff', { token, body: { hasAccount: 'noAccount', nickname: `stylist ${k + 1}`, storeId: store.id } }).catch((err) => {
        throw String(err).includes('429') ? new Error('staff adds are rate limited: start the stack with STAFF_ADDS_PER_HOUR=1000') : err;
      });
    }
    const staff = ((await send('GET', `getStaffsByStoreId/${store.id}`, { token })).employees ?? []).slice(0, STAFF);
    out.push({ storeId: store.id, staffIds: staff.map((s) => s.id) });
  }
  return out;
}

/** A year of appointments for every location, straight to the database with the stamps a write sets; once. */
async function seedYear(db, stores, ownerId) {
  const marker = await db.collection('bench_seed').findOne({ _id: MARKER });
  if (marker?.seeded && marker.stores === stores.length) return marker;
  const last = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 });
  const dates = Array.from({ length: YEAR }, (_, i) => last.minus({ days: YEAR - 1 - i }).toISODate());
  console.log(`Writing ${stores.length * STAFF * PER_STAFF_DAY * YEAR} appointments over ${dates[0]}..${dates.at(-1)}…`);
  const counter = await db.collection('counters').findOne({ _id: 'appointments' });
  let next = Number(counter?.seq ?? 0) + 1_000_000;
  const now = new Date();
  const started = Date.now();
  for (const [n, { storeId, staffIds }] of stores.entries()) {
    await db.collection('appointments').deleteMany({ storeId, date: { $gte: dates[0] } });
    for (let m = 0; m < dates.length; m += 31) {
      const rows = [];
      for (const date of dates.slice(m, m + 31)) {
        staffIds.forEach((staffId, s) => {
          for (let k = 0; k < PER_STAFF_DAY; k++) {
            const startMin = 10 * 60 + k * 60;
            const price = PRICES[(s + k + n) % PRICES.length];
            rows.push({
              _id: next++, storeId, staffId, customerId: 1, serviceIds: '1', services: [{ id: 1, name: 'Bench Service', price, duration: 45 }],
              date, start: time12(startMin), end: time12(startMin + 45), startMin, endMin: startMin + 45, note: '', status: 'ON',
              createdBy: ownerId, modifiedBy: ownerId, sale: k === 2 ? 0 : Math.round(price * 100), holdKey: randomUUID(), claimStaffId: null,
              customerFname: 'bench', customerLname: 'client', customerPhone: '', customerEmail: '', customerStatus: '', created_at: now, updated_at: now,
            });
          }
        });
      }
      await db.collection('appointments').insertMany(rows, { ordered: false });
    }
    await db.collection('appointment_day_stamps').bulkWrite(
      dates.map((date) => ({ updateOne: { filter: { _id: `${storeId}:${date}` }, update: { $set: { v: randomUUID(), storeId, year: date.slice(0, 4), month: date.slice(0, 7) } }, upsert: true } })),
      { ordered: false },
    );
    const months = [...new Set(dates.map((d) => d.slice(0, 7)))];
    await db.collection('appointment_month_stamps').bulkWrite(
      months.map((month) => ({ updateOne: { filter: { _id: `${storeId}:${month}` }, update: { $set: { v: randomUUID(), storeId, year: month.slice(0, 4) } }, upsert: true } })),
      { ordered: false },
    );
    if ((n + 1) % 10 === 0) console.log(`  ${n + 1} locations written (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await db.collection('counters').updateOne({ _id: 'appointments' }, { $max: { seq: next } }, { upsert: true });
  const seeded = { seeded: true, stores: stores.length, first: dates[0], last: dates.at(-1) };
  await db.collection('bench_seed').updateOne({ _id: MARKER }, { $set: seeded }, { upsert: true });
  return seeded;
}

/** The first report after the bulk write, straight to the service (its counting may outlast the gateway's timeout). */
async function coldReport(query, token) {
  const t0 = performance.now();
  let first;
  for (;;) {
    const t = performance.now();
    const res = await fetch(`http://127.0.0.1:${ports.services.scheduling}/api/getFranchiseReport?${query}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(600_000) });
    first ??= `${res.status} in ${ms(performance.now() - t)}`;
    if (res.ok) return { first, total: performance.now() - t0, body: await res.json() };
    if (res.status !== 503) throw new Error(`the cold report -> ${res.status} ${await res.text()}`);
    await res.text();
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function main() {
  const stack = await useStack();
  try {
    const { token, ownerId } = await benchOwner(OWNER);
    const stores = await locations(token, ownerId);
    const client = await MongoClient.connect(mongoUrl, { retryWrites: false });
    let seeded;
    try {
      const db = client.db('turnbook-scheduling');
      seeded = await seedYear(db, stores, ownerId);
      // Every run measures the same cold call: what an earlier run kept goes first.
      const ids = stores.map((s) => s.storeId);
      await db.collection('report_days').deleteMany({ storeId: { $in: ids } });
      await db.collection('report_months').deleteMany({ storeId: { $in: ids } });
    } finally {
      await client.close();
    }
    const to = DateTime.fromISO(seeded.last);
    const query = `storeIds=${stores.map((s) => s.storeId).join(',')}&from=${to.minus({ days: REPORT_DAYS - 1 }).toISODate()}&to=${seeded.last}`;
    console.log(`${stores.length} locations x ${REPORT_DAYS} days (${STAFF} staff each, a year of appointments ${seeded.first}..${seeded.last}); load ${loadNow()}`);

    const cold = await coldReport(query, token);
    console.log(`first report after the bulk write (its months' days counted from their appointments): first answer ${cold.first}, the report after ${ms(cold.total)}  load ${loadNow()}`);
    const r = cold.body;
    if (r.locations.length !== stores.length || r.days.length !== REPORT_DAYS || !r.totalCents) throw new Error('the report does not have every location and day, or no revenue');
    console.log(`  ${r.locations.length} locations, ${r.days.length} days, total revenue $${(r.totalCents / 100).toFixed(2)}`);

    const report = () => send('GET', `getFranchiseReport?${query}`, { token });
    for (let i = 0; i < 10; i++) await report();
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await report();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(`${stores.length} locations x ${REPORT_DAYS} days through the gateway: p50 ${ms(percentile(times, 50))}  p95 ${ms(p95)}  (${RUNS} calls; goal ${BUDGET_MS} ms: ${p95 <= BUDGET_MS ? 'ok' : 'OVER'})  load ${loadNow()}`);
    if (p95 > BUDGET_MS) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
