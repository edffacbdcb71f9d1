// `npm run bench:db`: p50/p95 of the calls a salon makes all day, through the gateway, one at a time,
// on a year of data in the local database (FerretDB on PostgreSQL). Uses the running `npm start` stack
// (same TURNBOOK_PORT_SHIFT) or starts one (and stops it at the end); seeds the year once.
//   node deploy/local/bench/bench-db.mjs [--runs 200] [--warmup 20] [--only login]   (--only: rows whose name starts so)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MongoClient } from 'mongodb';
import { Client } from 'pg';
import { LOCAL_DIR } from '../paths.mjs';
import { postgresUrl } from '../postgres.mjs';
import { DEMO_STORE } from '../seed/demo-data.mjs';
import { BENCH_PASSWORD, CUSTOMERS, USERS, seedYear } from './seed-year.mjs';
import { gateway, loadNow, mongoUrl, percentile, ports, send, useStack } from './stack.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' }, warmup: { type: 'string', default: '20' }, only: { type: 'string' } } });
const RUNS = Number(values.runs);
const WARMUP = Number(values.warmup);
const GOAL_MS = 20;

async function call(method, url, options) {
  return (await send(method, url, options)).json;
}

/** A phase the service reports in Server-Timing (e.g. `hash;dur=512.3`), in ms. */
function serverPhase(res, name) {
  const m = new RegExp(`(?:^|,)\\s*${name};dur=([\\d.]+)`).exec(res.headers.get('server-timing') ?? '');
  if (!m) throw new Error(`no '${name}' in Server-Timing: ${res.headers.get('server-timing')}`);
  return Number(m[1]);
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * Times `fn` sequentially. `fn` may return `{ check, excludeMs }`: excludeMs is taken off that call's time
 * (login's password hash, as the service reports it).
 */
async function measure(name, fn, runs = RUNS, warmup = WARMUP, goal = true) {
  if (values.only && !name.startsWith(values.only)) return undefined;
  for (let i = 0; i < warmup; i++) await fn(i);
  const times = [];
  let check;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const out = await fn(i);
    const elapsed = performance.now() - t;
    const parts = out && typeof out === 'object' ? out : { check: out };
    check = parts.check;
    times.push(elapsed - (parts.excludeMs ?? 0));
  }
  times.sort((a, b) => a - b);
  const row = { name, p50: percentile(times, 50), p95: percentile(times, 95), runs, check, goal, load: loadNow() };
  printRow(row); // as it comes: a slow machine shows what it has so far
  return row;
}

const WIDTH = 66;

function printRow(r) {
  const verdict = r.goal === false ? '(not a goal)' : r.p95 <= GOAL_MS ? 'met' : 'MISSED';
  console.log(`${r.name.padEnd(WIDTH)}   ${r.p50.toFixed(1).padStart(6)}   ${r.p95.toFixed(1).padStart(6)}   ${String(r.runs).padStart(4)}   ${verdict}${r.check ? `  ${r.check}` : ''}  [load ${r.load}]`);
}

function print(rows) {
  console.log(`\n${'call'.padEnd(WIDTH)}   p50 ms   p95 ms   runs   goal p95 <= ${GOAL_MS} ms`);
  for (const r of rows) printRow(r);
}

async function main() {
  const stack = await useStack();
  try {
    const seed = await seedYear({ mongoUrl, storePermalink: DEMO_STORE.permalink });
    const { storeId, firstUserId, firstCustomerId, dates } = seed;
    const pgClient = new Client({ connectionString: postgresUrl(ports.postgres) });
    await pgClient.connect();
    await pgClient.query('ANALYZE'); // fresh planner statistics after the bulk load
    await pgClient.end();

    const logins = JSON.parse(readFileSync(path.join(LOCAL_DIR, 'demo-logins.json'), 'utf8'));
    const owner = logins.find((l) => l.role === 'owner');
    // The owner's access token lives 10 minutes and on a busy machine the bench runs longer: renewed
    // between rows (never inside a timed call) once it is 5 minutes old.
    let token;
    let tokenAt = 0;
    const renewToken = async () => {
      if (Date.now() - tokenAt < 5 * 60_000) return;
      token = (await call('POST', 'login', { body: { email: owner.login, password: owner.password } })).access_token;
      tokenAt = Date.now();
    };
    await renewToken();
    console.log(`Store ${storeId}: ${dates.length} days, ${USERS} users, ${CUSTOMERS} customers; ${RUNS} sequential calls each after ${WARMUP} warm-up, through ${gateway}`);

    console.log(`${'call'.padEnd(WIDTH)}   p50 ms   p95 ms   runs   goal p95 <= ${GOAL_MS} ms`);
    const rows = [];
    const loginOnce = async () => {
      const i = Math.floor(Math.random() * USERS);
      const { res } = await send('POST', 'login', { body: { email: `bench-user-${i}@example.com`, password: BENCH_PASSWORD } });
      return { hashMs: serverPhase(res, 'hash') };
    };
    // The same calls, timed twice: whole, and without the argon2id verify the identity service reports.
    const loginRuns = [];
    rows.push(await measure('login (argon2id verify included)', async () => {
      const r = await loginOnce();
      loginRuns.push(r.hashMs);
      return { check: `hash p50 ${[...loginRuns].sort((a, b) => a - b)[Math.floor(loginRuns.length / 2)].toFixed(0)} ms` };
    }, 50, 5, false));
    rows.push(await measure('login, its database part (round trip minus the password hash)', async () => {
      const r = await loginOnce();
      return { excludeMs: r.hashMs };
    }, 100, 5));
    await renewToken();
    rows.push(await measure('store staff', async () => `${(await call('GET', `getStaffsByStoreId/${storeId}`, { token })).employees.length} staff`));
    await renewToken();
    rows.push(await measure('store services', async () => `${(await call('GET', `getServicesByStoreId/${storeId}`, { token })).services.length} services`));
    await renewToken();
    rows.push(await measure('customer by id', async () => {
      await call('GET', `customer/${firstCustomerId + Math.floor(Math.random() * CUSTOMERS)}`, { token });
    }));
    // The customers service keeps a per-process copy of a store's customers, fed by events: rows written
    // straight to the database arrive with its next reload of the store, so wait for them.
    await renewToken();
    for (const until = Date.now() + 300_000; (!values.only || 'customer search'.startsWith(values.only)) && Date.now() < until;) {
      // A 504/503 here is the gateway giving up while the service still loads the store: ask again.
      const found = await call('GET', `searchCustomer/${storeId}/nguyen`, { token }).catch(() => []);
      if ((found.customers ?? found).length > 0) break;
      await new Promise((r) => setTimeout(r, 5000));
    }
    await renewToken();
    // Every key has more than 50 matches among the seeded customers: each answer must be a full page.
    let fewest = Infinity;
    rows.push(await measure('customer search', async () => {
      const found = await call('GET', `searchCustomer/${storeId}/${pick(['nguyen', 'garc', 'ana12', 'wal', 'rosa7'])}`, { token });
      fewest = Math.min(fewest, (found.customers ?? found).length);
      return `fewest found in one answer: ${fewest}`;
    }));
    // /customers lists nobody until a field holds something (002 §5); its first list is the first page of
    // the screen's own search, 50 customers, and Show more reads the next page.
    let largest = 0;
    await renewToken();
    rows.push(await measure('/customers first list (a last name typed: page 1 of the search)', async () => {
      const found = await call('GET', `searchCustomerByNameAndPhone/${storeId}/null/${pick(['nguyen', 'tran', 'smith', 'garcia', 'lee'])}/null`, { token });
      largest = Math.max(largest, JSON.stringify(found).length);
      return `${found.customers.length} customers, more: ${found.more}; largest answer ${(largest / 1024).toFixed(1)} KB before gzip (goal <= 100 KB)`;
    }));
    await renewToken();
    rows.push(await measure('/customers Show more (page 2 of the search)', async () => {
      const found = await call('GET', `searchCustomerByNameAndPhone/${storeId}/null/${pick(['nguyen', 'tran', 'smith', 'garcia', 'lee'])}/null?page=1`, { token });
      return `${found.customers.length} customers`;
    }));
    const day = (date) => call('GET', `getAppointmentsByStoreIdAndDate/${storeId}/${date}`, { token });
    const count = (d) => d.appointments.length + d.appointmentsNull.length + d.appointmentsCancel.length + d.appointmentsOnline.length;
    // Each day's first read builds its one-document copy (later writes rebuild it in the background).
    const firstReads = [...dates].sort(() => Math.random() - 0.5).slice(0, 100);
    await renewToken();
    rows.push(await measure('day, first read of the day in this process', async (i) => `${count(await day(firstReads[i]))} appointments`, firstReads.length, 0, false));
    if (!values.only || 'day of appointments (client parse not counted)'.startsWith(values.only)) {
      for (const date of dates) {
        await renewToken();
        await day(date);
      }
    }
    await renewToken();
    // Timed to the answer's last byte: the bench's own parse of the ~150 KB answer (and the garbage it
    // leaves in this process) is the client's work, not the call's.
    rows.push(await measure('day of appointments (client parse not counted)', async () => {
      const { json, parseMs } = await send('GET', `getAppointmentsByStoreIdAndDate/${storeId}/${pick(dates)}`, { token });
      return { check: `${count(json)} appointments`, excludeMs: parseMs };
    }));

    // The database side alone, through the driver, for the report.
    const client = await MongoClient.connect(mongoUrl, { retryWrites: false });
    const users = client.db('turnbook-identity').collection('users');
    rows.push(await measure('user by email, through the driver (no gateway, no service)', async () => {
      await users.findOne({ email: `bench-user-${Math.floor(Math.random() * USERS)}@example.com` });
    }, RUNS, WARMUP, false));
    const customers = client.db('turnbook-customers').collection('customers');
    rows.push(await measure('all customers of the store (a search without the in-process index)', async () => {
      return `${(await customers.find({ storeId }, { projection: { fname: 1, lname: 1, phone: 1 } }).toArray()).length} decoded`;
    }, 1, 0, false));
    await client.close();
    print(rows.filter(Boolean));
    console.log(`\nfirst user id ${firstUserId}; login's goal figure is its round trip minus the argon2id verify the identity service reports (Server-Timing: hash), which is never weakened.`);
  } finally {
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(`bench:db failed: ${err.stack ?? err}`);
  process.exit(1);
});
