import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { Client } from 'pg';
import { findBinary } from '../find-binary.mjs';
import { ensureFerretDb } from '../go-binaries.mjs';
import { freePort } from '../health.mjs';
import { startInfra } from '../infra.mjs';
import { initPostgres, postgresAccount } from '../postgres.mjs';
import { Supervisor, isAlive } from '../supervisor.mjs';

// The launcher's bootstrap installs PostgreSQL; these tests use what is installed.
const haveServer = Boolean(findBinary('initdb') && findBinary('postgres'));
const onPostgres = haveServer ? describe : describe.skip;

onPostgres('the local database (FerretDB on PostgreSQL)', () => {
  let root;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'tb-localdb-'));
    chmodSync(root, 0o755); // PostgreSQL runs as its own account when we are root
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('when the cluster is made twice, then the second time does nothing and it belongs to the account postgres runs as', async () => {
    const dataDir = path.join(root, 'once', 'postgres');
    const initdb = findBinary('initdb');
    expect(await initPostgres({ initdb, dataDir })).toBe(true);
    const made = statSync(path.join(dataDir, 'PG_VERSION')).mtimeMs;
    expect(await initPostgres({ initdb, dataDir })).toBe(false);
    // not made again (no clock: a busy machine may take any time to find that out)
    expect(statSync(path.join(dataDir, 'PG_VERSION')).mtimeMs).toBe(made);
    expect(readdirSync(path.dirname(dataDir))).toEqual(['postgres']);
    const owner = statSync(dataDir).uid;
    expect(owner).toBe(postgresAccount()?.uid ?? process.getuid());
  }, 60_000);

  it('when the infrastructure starts, then FerretDB stores in PostgreSQL on loopback, a restart keeps the data, and stopping ends both', async () => {
    const ferretdb = await ensureFerretDb();
    const dirs = { root, logs: path.join(root, 'logs'), run: path.join(root, 'run'), postgres: path.join(root, 'pg'), nats: path.join(root, 'nats'), mail: path.join(root, 'mail') };
    const ports = { mongo: await freePort(), postgres: await freePort(), nats: 0, natsMonitor: 0 };
    const bins = { ferretdb, initdb: findBinary('initdb'), postgres: findBinary('postgres') };
    const run = async (fn) => {
      const supervisor = new Supervisor({ logDir: dirs.logs, runDir: dirs.run, stopGraceMs: 5000 });
      try {
        const urls = await startInfra({ supervisor, ports, dirs, bins, pieces: ['mongo'] });
        await fn(urls);
      } finally {
        await supervisor.stopAll();
      }
      return supervisor.children.map((c) => c.child.pid);
    };

    await run(async ({ mongoUrl, postgresUrl }) => {
      expect(postgresUrl).toBe(`postgres://postgres@127.0.0.1:${ports.postgres}/postgres`);
      const client = await MongoClient.connect(mongoUrl);
      await client.db('t-launcher').collection('things').insertOne({ _id: 1, name: 'kept' });
      await client.close();
      const db = new Client({ connectionString: postgresUrl });
      await db.connect();
      const tables = await db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 't-launcher'`);
      await db.end();
      expect(tables.rows.map((r) => r.tablename)).toEqual(expect.arrayContaining(['_ferretdb_database_metadata']));
    });
    const pids = await run(async ({ mongoUrl }) => {
      const client = await MongoClient.connect(mongoUrl);
      expect(await client.db('t-launcher').collection('things').findOne({ _id: 1 })).toEqual({ _id: 1, name: 'kept' });
      await client.close();
    });
    expect(pids.every((pid) => !isAlive(pid))).toBe(true);
  }, 180_000);

  it('when a collection holds a few large documents, then a read by _id is an index scan, not a scan that decompresses each', async () => {
    const ferretdb = await ensureFerretDb();
    const dirs = { root, logs: path.join(root, 'logs-big'), run: path.join(root, 'run-big'), postgres: path.join(root, 'pg-big'), nats: path.join(root, 'nats'), mail: path.join(root, 'mail') };
    const ports = { mongo: await freePort(), postgres: await freePort(), nats: 0, natsMonitor: 0 };
    const bins = { ferretdb, initdb: findBinary('initdb'), postgres: findBinary('postgres') };
    const supervisor = new Supervisor({ logDir: dirs.logs, runDir: dirs.run, stopGraceMs: 5000 });
    try {
      const { mongoUrl, postgresUrl } = await startInfra({ supervisor, ports, dirs, bins, pieces: ['mongo'] });
      const client = await MongoClient.connect(mongoUrl);
      // like the day copies: 180 days, ~100 KB each, a few pages of table once TOASTed
      const big = Array.from({ length: 180 }, (_, i) => ({ _id: `1:day-${i}`, docs: Array.from({ length: 1500 }, (_, k) => `${i}-${k}-${Math.random()}`) }));
      await client.db('t-big').collection('copies').insertMany(big);
      await client.close();
      const db = new Client({ connectionString: postgresUrl });
      await db.connect();
      try {
        const { rows } = await db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 't-big' AND tablename LIKE 'copies_%'`);
        await db.query(`ANALYZE "t-big"."${rows[0].tablename}"`); // as autovacuum does on a live database
        const plan = await db.query(`EXPLAIN SELECT _jsonb FROM "t-big"."${rows[0].tablename}" WHERE _jsonb->'_id' = '"1:day-7"'`);
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Scan/);
      } finally {
        await db.end();
      }
    } finally {
      await supervisor.stopAll();
    }
  }, 180_000);
});
