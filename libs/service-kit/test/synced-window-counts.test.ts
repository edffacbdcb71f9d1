import mongoose, { type Connection } from 'mongoose';
import { RateLimitedError } from '../src/rate-limit';
import { SyncedWindowCounts } from '../src/synced-window-counts';
import { mongoUrl, uniqueSuffix } from './harness';

const WINDOW = 3600;
const SYNC_MS = 100;
const what = 'Too many requests.';
const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify']);
let dbName: string;
let dbs: Connection[];
/** Database writes each connection sent, counted by the driver. */
let writes: number[];
const started: SyncedWindowCounts[] = [];

/** An instance of a service: its own connection (one of `dbs`) and its own counts, one collection. */
function instance(conn: number, opts: { syncMs?: number } = {}) {
  const counts = new SyncedWindowCounts(dbs[conn], WINDOW, 'read_counts', { syncMs: opts.syncMs ?? SYNC_MS });
  counts.start();
  started.push(counts);
  return counts;
}

beforeAll(async () => {
  dbName = `t-read-counts${uniqueSuffix()}`;
  dbs = await Promise.all([0, 1, 2].map(() => mongoose.createConnection(mongoUrl, { dbName, retryWrites: false, monitorCommands: true }).asPromise()));
  writes = dbs.map(() => 0);
  dbs.forEach((db, i) => db.getClient().on('commandStarted', (e) => {
    if (WRITES.has(e.commandName)) writes[i]++;
  }));
  await new SyncedWindowCounts(dbs[0], WINDOW, 'read_counts').init();
}, 30_000);
afterAll(async () => {
  await Promise.all(started.map((c) => c.stop().catch(() => undefined)));
  await dbs[0]?.dropDatabase();
  await Promise.all(dbs.map((db) => db.close()));
});

const outcome = (p: Promise<void>) => p.then(() => 'passed', (err) => (err instanceof RateLimitedError ? 'refused' : Promise.reject(err)));
const passedOf = (results: string[]) => results.filter((r) => r === 'passed').length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('read counts shared between instances at intervals', () => {
  it('when reads are spread over two instances, then they are refused once the shared total reaches the limit plus one allowance (1% of it)', async () => {
    const [a, b] = [instance(0), instance(1)];
    const key = `ip:${uniqueSuffix()}`;
    const limit = 200; // allowance 2: together at most 202
    const results: string[] = [];
    for (let round = 0; round < 30; round++) {
      results.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => outcome((i % 2 ? a : b).take([[key, limit]], what))))));
      await sleep(10);
    }
    expect(passedOf(results)).toBeGreaterThanOrEqual(limit);
    expect(passedOf(results)).toBeLessThanOrEqual(limit + 2);
    // Once both have shared, each refuses from what it knows, with the rest of the window as the wait.
    await Promise.all([a.sync(), b.sync()]);
    for (const via of [a, b]) {
      const late = await via.take([[key, limit]], what).catch((e: unknown) => e);
      expect(late).toBeInstanceOf(RateLimitedError);
      expect((late as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
      expect((late as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(WINDOW);
    }
  }, 60_000);

  it('when one instance takes many reads in parallel, then exactly the limit pass', async () => {
    const a = instance(0);
    const key = `ip:${uniqueSuffix()}`;
    const results = await Promise.all(Array.from({ length: 12 }, () => outcome(a.take([[key, 5]], what))));
    expect(passedOf(results)).toBe(5);
  });

  it('when 1,000 reads pass on two instances within a second, then the database is written a few times per sync interval, not once per read', async () => {
    const [a, b] = [instance(0, { syncMs: 200 }), instance(1, { syncMs: 200 })];
    const key = `ip:${uniqueSuffix()}`;
    const before = [writes[0], writes[1]];
    const startedAt = Date.now();
    let passed = 0;
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => outcome((i % 2 ? a : b).take([[key, 1_000_000]], what))));
      passed += passedOf(results);
      await sleep(100);
    }
    await Promise.all([a.sync(), b.sync()]);
    const syncs = Math.ceil((Date.now() - startedAt) / 200) + 2;
    expect(passed).toBe(1000);
    // one bulk write per sync that had counts to share (and at most one sweep of ended windows)
    expect(writes[0] - before[0]).toBeLessThanOrEqual(syncs + 1);
    expect(writes[1] - before[1]).toBeLessThanOrEqual(syncs + 1);
    expect(writes[0] - before[0] + writes[1] - before[1]).toBeLessThan(50);
  }, 30_000);

  it('when the window ends, then the key counts afresh', async () => {
    const [a, b] = [instance(0), instance(1)];
    const key = `ip:${uniqueSuffix()}`;
    const now = Date.now();
    await a.take([[key, 2]], what, now);
    await b.take([[key, 2]], what, now);
    // b shares after a has written, so it reads a's take (syncs side by side may each read before the other writes)
    await a.sync();
    await b.sync();
    await expect(b.take([[key, 2]], what, now)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(b.take([[key, 2]], what, now + WINDOW * 1000)).resolves.toBeUndefined();
    await expect(a.take([[key, 2]], what, now + WINDOW * 1000)).resolves.toBeUndefined();
  });

  it('when an instance restarts, then it keeps the others\' counts and its own earlier ones, past at most one allowance', async () => {
    const [a, b] = [instance(0), instance(1)];
    const key = `ip:${uniqueSuffix()}`;
    const limit = 50; // allowance 1
    for (let i = 0; i < 30; i++) await a.take([[key, limit]], what);
    for (let i = 0; i < 10; i++) await b.take([[key, limit]], what);
    await b.stop(); // a graceful stop shares what it had not yet
    const restarted = instance(2);
    const results: string[] = [];
    for (let i = 0; i < 20; i++) results.push(await outcome(restarted.take([[key, limit]], what)));
    // 10 left; the restarted instance knew nothing before its first sync
    expect(passedOf(results)).toBeGreaterThanOrEqual(10);
    expect(passedOf(results)).toBeLessThanOrEqual(11);
    expect(results.slice(-5)).toEqual(Array(5).fill('refused'));
  });
});
