import mongoose, { type Connection } from 'mongoose';
import { connectMongo } from '../src/mongo';
import { RateLimitedError } from '../src/rate-limit';
import { ExactWindowLimiter } from '../src/exact-window-limiter';
import { mongoUrl, uniqueSuffix } from './harness';

const WINDOW = 3600;
const what = 'Too many requests.';
let dbName: string;
let dbs: Connection[];
/** Three instances of a service: each its own connection and its own hints, one collection. */
let instances: ExactWindowLimiter[];

beforeAll(async () => {
  dbName = `t-tickets${uniqueSuffix()}`;
  dbs = await Promise.all([0, 1, 2].map(() => connectMongo(mongoUrl, dbName)));
  instances = dbs.map((db) => new ExactWindowLimiter(db, WINDOW, 'tickets'));
  await instances[0].init();
}, 30_000);
afterAll(async () => {
  await dbs[0]?.dropDatabase();
  await Promise.all(dbs.map((db) => db.close()));
});

const outcome = (p: Promise<void>) => p.then(() => 'passed', (err) => (err instanceof RateLimitedError ? 'refused' : Promise.reject(err)));

describe('tickets per key in fixed windows', () => {
  it('when 60 calls race on one key through three instances, then exactly the limit pass and the rest are refused with the wait', async () => {
    const key = `store:${uniqueSuffix()}`;
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => outcome(instances[i % 3].take([[key, 25]], what))));
    expect(results.filter((r) => r === 'passed')).toHaveLength(25);
    const late = await instances[1].take([[key, 25]], what).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(RateLimitedError);
    expect((late as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    expect((late as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(WINDOW);
  }, 60_000);

  it('when a call is refused under its second key, then what it took under the first is given back', async () => {
    const address = `ip:${uniqueSuffix()}`;
    const store = `store:${uniqueSuffix()}`;
    await instances[0].take([[store, 1]], what);
    await expect(instances[0].take([[address, 1], [store, 1]], what)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(instances[0].take([[address, 1]], what)).resolves.toBeUndefined();
  });

  it('when the window ends, then the key counts afresh', async () => {
    const key = `phone:${uniqueSuffix()}`;
    const now = Date.now();
    await instances[2].take([[key, 2]], what, now);
    await instances[0].take([[key, 2]], what, now);
    await expect(instances[1].take([[key, 2]], what, now)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(instances[1].take([[key, 2]], what, now + WINDOW * 1000)).resolves.toBeUndefined();
  });

  it('when two instances take turns on one key, then no call counts the window\'s tickets and each costs at most two inserts', async () => {
    // Connections of their own, so the driver tells what each instance sent.
    const conns = await Promise.all([0, 1].map(() => mongoose.createConnection(mongoUrl, { dbName, retryWrites: false, monitorCommands: true }).asPromise()));
    const sent: string[] = [];
    for (const c of conns) c.getClient().on('commandStarted', (e) => sent.push(e.commandName));
    try {
      const pair = conns.map((c) => new ExactWindowLimiter(c, WINDOW, 'tickets'));
      const key = `ip:${uniqueSuffix()}`;
      for (let i = 0; i < 40; i++) await pair[i % 2].take([[key, 100]], what);
      expect(sent.filter((name) => name === 'aggregate')).toEqual([]);
      expect(sent.filter((name) => name === 'insert').length).toBeLessThanOrEqual(80);
    } finally {
      await Promise.all(conns.map((c) => c.close()));
    }
  });

  it('when an instance restarts with no hints, then it still never passes a key over its limit', async () => {
    const key = `ip:${uniqueSuffix()}`;
    await Promise.all(Array.from({ length: 8 }, () => instances[0].take([[key, 10]], what)));
    const restarted = new ExactWindowLimiter(dbs[1], WINDOW, 'tickets');
    const results = await Promise.all(Array.from({ length: 6 }, () => outcome(restarted.take([[key, 10]], what))));
    expect(results.filter((r) => r === 'passed')).toHaveLength(2);
  });
});
