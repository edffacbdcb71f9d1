#!/usr/bin/env node
// Customer search benchmark (not a test): seeds 10,000 customers of one store (plus 5,000 of another) in a
// throwaway database, runs the built service (dist/main.js) with the search index on, then on while a
// second instance writes customers between searches (each search must see them: the index checks the
// store's version and fetches what changed), then off (database only), fires many searches and prints
// p50/p95 server time (the router's Server-Timing `app`: token, store check, version check, search,
// answer), the indexes, and what the database's explain says about the queries the database path sends.
//
//   cd services/customers && node ../../deploy/local/build-service.mjs && node bench/search.mjs
//   env: MONGO_URL (default mongodb://127.0.0.1:27017/), NATS_URL (default nats://127.0.0.1:4222),
//        BENCH_CUSTOMERS (10000), BENCH_SEARCHES (600),
//        BENCH_POSTGRES_URL: when FerretDB runs on that PostgreSQL, GIN indexes are made on the customers'
//        `_id`, `storeId` and `phone` after seeding (with psql), as the launcher does for declared indexes.
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jwt from 'jsonwebtoken';
import { MongoClient } from 'mongodb';

const here = path.dirname(fileURLToPath(import.meta.url));
const serviceDir = path.resolve(here, '..');
const bundle = path.join(serviceDir, 'dist/main.js');
const MONGO_URL = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const N = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 600);
const STORE = 4242;
const OTHER_STORE = 4243;
const OWNER = 77;

if (!existsSync(bundle)) {
  console.error(`No bundle at ${bundle}: run  node ../../deploy/local/build-service.mjs  in services/customers first.`);
  process.exit(1);
}

// --- a stand-in for identity's JWKS, so the service verifies our tokens ---
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'bench', alg: 'ES256', use: 'sig' };
const jwks = http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ keys: [jwk] }));
});
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const jwksPort = await freePort();
await new Promise((r) => jwks.listen(jwksPort, '127.0.0.1', r));
const token = jwt.sign({ kind: 'user', role: 'professional' }, privateKey, {
  algorithm: 'ES256', keyid: 'bench', subject: String(OWNER), issuer: 'turnbook-identity', audience: 'turnbook', expiresIn: '1h',
});

// --- seed ---
const dbName = `bench-customers-${randomBytes(3).toString('hex')}`;
const client = new MongoClient(MONGO_URL, { retryWrites: false });
await client.connect();
const db = client.db(dbName);
const FIRST = ['james', 'mary', 'john', 'patricia', 'robert', 'jennifer', 'michael', 'linda', 'william', 'elizabeth', 'david', 'barbara', 'richard', 'susan', 'joseph', 'jessica', 'thomas', 'sarah', 'charles', 'karen', 'linh', 'mai', 'anh', 'thu', 'huong', 'ngoc', 'minh', 'lan', 'hoa', 'trang', 'maria', 'sofia', 'lucia', 'ana', 'carmen', 'rosa', 'yuki', 'mei', 'ji-woo', 'o\'brien'];
const LAST = ['smith', 'johnson', 'williams', 'brown', 'jones', 'garcia', 'miller', 'davis', 'rodriguez', 'martinez', 'nguyen', 'tran', 'le', 'pham', 'hoang', 'phan', 'vu', 'vo', 'dang', 'bui', 'do', 'ho', 'ngo', 'duong', 'ly', 'kim', 'lee', 'park', 'choi', 'wong', 'chen', 'lopez', 'gonzalez', 'wilson', 'anderson', 'taylor', 'thomas', 'moore', 'jackson', 'martin'];
let seed = 12345;
const rnd = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
const phoneOf = () => `${200 + rnd(800)}${String(rnd(1000)).padStart(3, '0')}${String(rnd(10000)).padStart(4, '0')}`;
const now = new Date();
const customer = (id, storeId) => {
  const fname = FIRST[rnd(FIRST.length)] + (rnd(4) === 0 ? String(rnd(100)) : '');
  const lname = LAST[rnd(LAST.length)];
  return {
    _id: id, storeId, fname, lname,
    email: rnd(3) === 0 ? null : `${fname}.${lname}${rnd(1000)}@example.com`,
    phone: rnd(10) === 0 ? null : phoneOf(),
    status: rnd(50) === 0 ? 'banned' : '', fav_staffId: null, book_with_fav_staff: 0, visited: rnd(20), color: null,
    created_at: now, updated_at: now, merged_into: null,
  };
};
const docs = [];
for (let i = 1; i <= N; i++) docs.push(customer(i, STORE));
for (let i = N + 1; i <= N + N / 2; i++) docs.push(customer(i, OTHER_STORE));
let t = Date.now();
for (let i = 0; i < docs.length; i += 2000) await db.collection('customers').insertMany(docs.slice(i, i + 2000));
await db.collection('counters').insertOne({ _id: 'customers', seq: docs.length });
await db.collection('store_memberships').insertOne({ _id: STORE, ownerId: OWNER, permalink: 'bench', status: 'ON', members: [] });
console.log(`seeded ${N} customers of store ${STORE} and ${N / 2} of store ${OTHER_STORE} into ${dbName} in ${Date.now() - t} ms`);
if (process.env.BENCH_POSTGRES_URL) {
  // FerretDB keeps a database as a schema and each collection as a table with one jsonb column.
  const psql = (sql) => execFileSync('psql', [process.env.BENCH_POSTGRES_URL, '-At', '-c', sql], { encoding: 'utf8' }).trim();
  const table = psql(`select table_name from information_schema.tables where table_schema = '${dbName}' and table_name like 'customers%'`);
  for (const field of ['_id', 'storeId', 'phone']) psql(`create index on "${dbName}"."${table}" using gin ((_jsonb->'${field}'))`);
  psql(`analyze "${dbName}"."${table}"`);
  console.log(`GIN indexes on ${dbName}.${table}: _id, storeId, phone`);
}
const sample = docs.filter((d) => d.storeId === STORE);

// --- the service ---
const children = [];
async function startService(indexMode) {
  const port = await freePort();
  const child = spawn(process.execPath, [bundle], {
    cwd: serviceDir,
    env: {
      ...process.env, PORT: String(port), MONGO_URL, NATS_URL, MONGO_DB: dbName, IDENTITY_URL: `http://127.0.0.1:${jwksPort}`,
      LOG_LEVEL: 'warn', CUSTOMER_SEARCH_INDEX: indexMode, NODE_ENV: 'development',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${base}/health`).then((r) => r.ok).catch(() => false);
    if (ok) return base;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('service did not become healthy');
}

const queries = () => {
  const c = sample[rnd(sample.length)];
  const phone = sample.find((x, i) => i >= rnd(sample.length) && x.phone)?.phone ?? '5551234567';
  const pick = rnd(10);
  switch (pick) {
    case 0: return `searchCustomer/${STORE}/${encodeURIComponent(c.fname.slice(0, 2 + rnd(3)))}`;
    case 1: return `searchCustomer/${STORE}/${encodeURIComponent(c.lname)}`;
    case 2: return `searchCustomer/${STORE}/${encodeURIComponent(`${c.fname} ${c.lname.slice(0, 2)}`)}`;
    case 3: return `searchCustomer/${STORE}/${phone.slice(6)}`;
    case 4: return `searchCustomer/${STORE}/${encodeURIComponent(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}`)}`;
    case 5: return `searchCustomer/${STORE}/${encodeURIComponent('.*(')}`;
    case 6: return `searchCustomerByNameAndPhone/${STORE}/${encodeURIComponent(c.fname.slice(0, 3))}/null/null`;
    case 7: return `searchCustomerByNameAndPhone/${STORE}/null/${encodeURIComponent(c.lname)}/${phone.slice(0, 3)}`;
    case 8: return `searchCustomerById/${STORE}/${c._id}`;
    default: return `searchCustomer/${STORE}/zzzz-no-match`;
  }
};

const timingOf = (res) => {
  const h = res.headers.get('server-timing') ?? '';
  return { total: Number(/app;dur=([\d.]+)/.exec(h)?.[1] ?? NaN) };
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (xs) => `p50 ${pct(xs, 50).toFixed(2)} ms  p95 ${pct(xs, 95).toFixed(2)} ms  max ${Math.max(...xs).toFixed(2)} ms`;

/** `writer`: another instance's base URL; every 5th search is preceded by a create there, which must be found. */
async function run(label, base, count, writer) {
  const get = (p) => fetch(`${base}/api/${p}`, { headers: { authorization: `Bearer ${token}` } });
  let writes = 0;
  const first = await get(`searchCustomer/${STORE}/mar`);
  if (!first.ok) throw new Error(`search failed: ${first.status} ${await first.text()}`);
  const cold = timingOf(first);
  await first.json();
  const totals = [];
  const roundTrips = [];
  let results = 0;
  for (let i = 0; i < count; i++) {
    let path = queries();
    if (writer && i % 5 === 0) {
      const fname = `written${writes++}x${rnd(1e6)}`;
      const w = await fetch(`${writer}/api/customer`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ storeId: STORE, fname }),
      });
      if (w.status !== 201) throw new Error(`create through the other instance failed: ${w.status} ${await w.text()}`);
      path = `searchCustomer/${STORE}/${fname}`;
    }
    const started = performance.now();
    const res = await get(path);
    const body = await res.json();
    if (!res.ok) throw new Error(`search failed: ${res.status} ${JSON.stringify(body)}`);
    roundTrips.push(performance.now() - started);
    if (writer && i % 5 === 0 && body.customers.length !== 1) throw new Error(`a customer written through the other instance was not found by ${path}`);
    totals.push(timingOf(res).total);
    results += body.customers.length;
  }
  console.log(`\n${label}: ${count} searches over ${N} customers (avg ${(results / count).toFixed(1)} results, max 50)`);
  console.log(`  first search (loads the store):  server ${cold.total.toFixed(2)} ms`);
  console.log(`  server (app)  ${fmt(totals)}`);
  console.log(`  round trip    ${fmt(roundTrips)}`);
  return { totals };
}

let exitCode = 0;
try {
  const a = await startService('on');
  const indexed = await run('search index ON (default)', a, SEARCHES);
  const mixed = await run('search index ON, a second instance creates a customer before every 5th search (which must find it)', a, SEARCHES, await startService('on'));
  await run('search index OFF (database only, for comparison)', await startService('off'), Math.min(60, SEARCHES));

  // --- indexes and the database's plans for what the database path sends ---
  const col = db.collection('customers');
  console.log('\nindexes on customers:');
  for (const ix of await col.indexes()) console.log(`  ${ix.name}  ${JSON.stringify(ix.key)}`);
  const explain = async (label, filter) => {
    const e = await col.find(filter).limit(50).explain();
    const plan = e.queryPlanner?.winningPlan ?? e.queryPlanner?.Plan ?? e.queryPlanner;
    const ferret = 'filterPushdown' in e ? `  filterPushdown=${e.filterPushdown}` : '';
    const stages = JSON.stringify(plan).match(/"(stage|indexName)":"[^"]+"|detail=[^"]+/g)?.join(' ') ?? JSON.stringify(plan).slice(0, 200);
    console.log(`  ${label}: ${stages}${ferret}`);
  };
  console.log(`explain (${(await db.admin().serverInfo()).ferretdbVersion !== undefined ? 'FerretDB' : 'MongoDB'}):`);
  await explain('public lookup / dedupe {storeId, phone}', { storeId: STORE, phone: sample[0].phone, merged_into: null });
  await explain('database search path {storeId, $and:[$or regex]}', { storeId: STORE, merged_into: null, $and: [{ $or: [{ fname: { $regex: 'mar' } }, { lname: { $regex: 'mar' } }] }] });
  await explain('store list {storeId}', { storeId: STORE, merged_into: null });

  for (const [label, r] of [['searches only', indexed], ['with writes through another instance', mixed]]) {
    const p95 = pct(r.totals, 95);
    console.log(`verdict (${label}): p95 server time with the search index ${p95.toFixed(2)} ms ${p95 < 20 ? '< 20 ms target' : '>= 20 ms target (MISSED)'}`);
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r)))));
  await db.dropDatabase().catch(() => undefined);
  await client.close();
  jwks.close();
}
process.exit(exitCode);
