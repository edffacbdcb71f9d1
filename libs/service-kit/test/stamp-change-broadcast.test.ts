import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NatsProcess } from '@turnbook/test-kit/nats-process';
import { ReadCoalescer } from '../src/read-coalescer';
import { StampChangeBroadcast } from '../src/stamp-change-broadcast';
import { waitFor } from './harness';

/** A stamp "in the database" and the reads of it an instance makes. */
function stampStore() {
  const db = { v: 'v1', reads: 0 };
  const reads = new ReadCoalescer<string, string>(async () => {
    db.reads++;
    return db.v;
  });
  return { db, reads };
}

describe('StampChangeBroadcast', () => {
  let nats: NatsProcess;
  const connections: NatsConnection[] = [];
  const feeds: StampChangeBroadcast[] = [];
  const subject = 'stamps.test';

  // Healthy means its own heartbeat heard within 3 beats, and a read is reused for maxAge: both long enough
  // that a loaded machine (a whole run beside a stack) does not turn the feed strict between two reads.
  const instance = async (opts: { maxAgeMs?: number } = {}) => {
    const nc = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
    connections.push(nc);
    const feed = new StampChangeBroadcast(nc, { subject, heartbeatMs: 500, maxAgeMs: 60_000, ...opts });
    feeds.push(feed);
    feed.start();
    await waitFor(() => feed.healthy());
    return feed;
  };

  beforeAll(async () => {
    nats = new NatsProcess();
    await nats.start();
  });

  afterAll(async () => {
    for (const f of feeds) f.stop();
    for (const nc of connections) await nc.close().catch(() => undefined);
    await nats.kill();
  });

  it('when the feed is healthy and nothing changed, then later requests reuse the first stamp read instead of a round trip each', async () => {
    const feed = await instance();
    const { db, reads } = stampStore();
    expect(await feed.read(reads, 'k', 'day:k', performance.now())).toBe('v1');
    for (let i = 0; i < 5; i++) expect(await feed.read(reads, 'k', 'day:k', performance.now())).toBe('v1');
    expect(db.reads).toBe(1);
  });

  it('when another instance says a key changed, then this instance reads that key again and answers the new stamp; other keys keep their reads', async () => {
    const a = await instance();
    const b = await instance();
    const day = stampStore();
    const other = stampStore();
    await b.read(day.reads, 'k', 'day:k', performance.now());
    await b.read(other.reads, 'o', 'day:o', performance.now());
    day.db.v = 'v2';
    await a.changed('day:k');
    await waitFor(() => feedHeard(b, 'day:k'));
    expect(await b.read(day.reads, 'k', 'day:k', performance.now())).toBe('v2');
    expect(day.db.reads).toBe(2);
    await b.read(other.reads, 'o', 'day:o', performance.now());
    expect(other.db.reads).toBe(1);
  });

  it('when this instance wrote the stamp itself, then its next request reads it again at once, before any message comes back', async () => {
    const a = await instance();
    const { db, reads } = stampStore();
    await a.read(reads, 'k', 'day:k', performance.now());
    db.v = 'v2';
    void a.changed('day:k');
    expect(await a.read(reads, 'k', 'day:k', performance.now())).toBe('v2');
  });

  it('when a stamp read is older than maxAge, then it is not reused (changes made outside the feed show within maxAge)', async () => {
    const feed = await instance({ maxAgeMs: 200 });
    const { db, reads } = stampStore();
    await feed.read(reads, 'k', 'day:k', performance.now());
    db.v = 'v2';
    await new Promise((r) => setTimeout(r, 250));
    expect(await feed.read(reads, 'k', 'day:k', performance.now())).toBe('v2');
  });

  it('when NATS is gone, then the feed is unhealthy and every request makes its own read; after it is back, nothing read before is reused', async () => {
    const feed = await instance();
    const { db, reads } = stampStore();
    await feed.read(reads, 'k', 'day:k', performance.now());
    await nats.kill();
    await waitFor(() => !feed.healthy());
    const before = db.reads;
    await feed.read(reads, 'k', 'day:k', performance.now());
    await feed.read(reads, 'k', 'day:k', performance.now());
    expect(db.reads).toBe(before + 2);
    const restartedAt = performance.now();
    await nats.start();
    await waitFor(() => feed.healthy(), 20_000);
    expect(feed.since('day:k', Infinity)).toBeGreaterThanOrEqual(restartedAt);
    await feed.read(reads, 'k', 'day:k', performance.now());
    expect(db.reads).toBe(before + 3);
  });

  it('when the feed has no connection at all, then since is the request arrival (the strict rule)', () => {
    const feed = new StampChangeBroadcast(undefined, { subject });
    feed.start();
    const at = performance.now();
    expect(feed.healthy()).toBe(false);
    expect(feed.since('day:k', at)).toBe(at);
  });
});

/** The change reached the instance: a read started before now would no longer be reused. */
function feedHeard(feed: StampChangeBroadcast, key: string): boolean {
  return feed.since(key, Infinity) > performance.now() - 1000 && feed.since(key, Infinity) > feed.since('never-changed', Infinity);
}
