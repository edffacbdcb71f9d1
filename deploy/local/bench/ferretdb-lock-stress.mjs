#!/usr/bin/env node
// node deploy/local/bench/ferretdb-lock-stress.mjs <mongodb-url> [seconds=60]: the load that hung FerretDB v1
// (deploy/local/README.md, "A FerretDB that is alive but stuck"). Six "services" build their indexes again and
// again (one dropped and built anew each round, as a different version would) while 200 clients update, 30
// findAndModify, 150 read 300-document collections and 10 insert, across 6 databases of 12 collections.
// Prints the worst ping and the operations done; "HUNG" when a ping waits 20 s (what the launcher kills).
// Against a throwaway database: `node deploy/local/cli.mjs infra --free-ports` prints one.
import { MongoClient } from 'mongodb';

const [url, secondsArg = '60'] = process.argv.slice(2);
if (!url) {
  console.error('usage: ferretdb-lock-stress.mjs <mongodb-url> [seconds]');
  process.exit(2);
}
const end = Date.now() + Number(secondsArg) * 1000;
const prefix = `stress${Date.now().toString(36)}`;
const DBS = ['identity', 'customers', 'scheduling', 'billing', 'messaging', 'realtime'];
const COLLECTIONS = 12;
const clients = await Promise.all(Array.from({ length: 12 }, () => new MongoClient(url, { maxPoolSize: 100 }).connect()));
const pick = (a) => a[Math.floor(Math.random() * a.length)];
const anyCollection = () => pick(clients).db(`${prefix}_${pick(DBS)}`).collection(`c${Math.floor(Math.random() * COLLECTIONS)}`);

for (const name of DBS) {
  for (let c = 0; c < COLLECTIONS; c++) {
    await clients[0].db(`${prefix}_${name}`).collection(`c${c}`).insertMany(Array.from({ length: 300 }, (_, i) => ({ _id: i, n: 0, s: 'x', t: new Date() })));
  }
}
let ops = 0;
let errors = 0;
let indexBuilds = 0;
async function loop(op) {
  while (Date.now() < end) {
    try {
      await op();
      ops++;
    } catch {
      errors++;
    }
  }
}
const many = (n, op) => Array.from({ length: n }, () => loop(op));
const work = [
  ...many(200, () => anyCollection().updateOne({ _id: Math.floor(Math.random() * 300) }, { $inc: { n: 1 } })),
  ...many(30, () => anyCollection().findOneAndUpdate({ _id: Math.floor(Math.random() * 300), n: { $gte: 0 } }, { $set: { t: new Date() } })),
  ...many(150, () => anyCollection().find({ n: { $gte: 0 } }).toArray()),
  ...many(10, () => anyCollection().insertOne({ n: 0, s: 'y' })),
  ...DBS.map((name, k) => loop(async () => {
    const db = clients[k].db(`${prefix}_${name}`);
    for (let c = 0; c < COLLECTIONS && Date.now() < end; c++) {
      const coll = db.collection(`c${c}`);
      for (const [key, spec] of [['n', { n: 1 }], ['s', { s: 1 }], ['n_s', { n: 1, s: 1 }]]) await coll.createIndex(spec, { name: `${key}_x` });
      await coll.dropIndex('t_x').catch(() => undefined);
      await coll.createIndex({ t: 1 }, { name: 't_x' });
      indexBuilds += 4;
    }
  })),
];
let worst = 0;
let hung = false;
const pings = (async () => {
  while (Date.now() < end && !hung) {
    const at = Date.now();
    const answered = await Promise.race([
      clients[0].db('admin').command({ ping: 1 }).then(() => true, () => true),
      new Promise((r) => setTimeout(() => r(false), 20_000)),
    ]);
    if (!answered) hung = true;
    worst = Math.max(worst, Date.now() - at);
    await new Promise((r) => setTimeout(r, 500));
  }
})();
const progress = setInterval(() => console.log(`${Math.max(0, Math.round((end - Date.now()) / 1000))} s left: ${ops} operations, ${indexBuilds} index builds, worst ping ${worst} ms`), 10_000);
await pings;
if (!hung) await Promise.all(work);
clearInterval(progress);
console.log(hung
  ? `HUNG: a ping waited 20 s (${ops} operations, ${indexBuilds} index builds before)`
  : `answered throughout: worst ping ${worst} ms, ${ops} operations (${errors} failed), ${indexBuilds} index builds`);
await Promise.all(clients.map((c) => c.close(true).catch(() => undefined)));
process.exit(hung ? 1 : 0);
