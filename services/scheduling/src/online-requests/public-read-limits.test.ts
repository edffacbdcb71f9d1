import request from 'supertest';
import type { BuiltService } from '@turnbook/service-kit';
import { startWorld, type World } from '../test/world';

/**
 * Two instances of scheduling on one database, as behind the gateway. A limit of 5 reads per address lets
 * each instance pass one read (1% of the limit, at least one) beyond what it last shared: together at
 * most 6. The window is a day, so a test running across a boundary does not start a fresh count.
 */
let w: World;
let second: BuiltService | undefined;
beforeAll(async () => {
  w = await startWorld({ PUBLIC_READS_PER_ADDRESS: '5', PUBLIC_READ_WINDOW_SECONDS: '86400' });
  second = await w.anotherInstance();
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await w?.stop();
});

/** A public read from `ip` through the first instance or `via` another. */
const read = (ip: string, via?: BuiltService) =>
  (via ? request(via.app) : w.svc.http()).get(`/api/public_getStaffsByStoreId/${w.store.id}`).set('X-Forwarded-For', ip);
/**
 * Several of the instances' sync intervals (300 ms): on a machine busy with the whole suite a sync's timer
 * and its database round trips can take a few hundred ms more.
 */
const bothShared = () => new Promise((r) => setTimeout(r, 2000));

describe("the booking page's public reads across instances", () => {
  it('when one address spreads its reads over two instances, then they are refused past the limit plus one, with the wait', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await read('10.9.0.1', i % 2 ? second : undefined)).status);
    const served = statuses.filter((s) => s === 200).length;
    expect(served).toBeGreaterThanOrEqual(5);
    expect(served).toBeLessThanOrEqual(6);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);

    await bothShared();
    for (const via of [undefined, second]) {
      const refused = await read('10.9.0.1', via);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'rateLimited', retryAfter: expect.any(Number) });
    }
    expect((await read('10.9.0.2', second)).status).toBe(200);
  });

  it('when an instance restarts, then it still refuses an address the others counted to the limit, past at most one read', async () => {
    for (let i = 0; i < 5; i++) expect((await read('10.9.1.1')).status).toBe(200);
    await bothShared();
    await second?.stop();
    second = await w.anotherInstance();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await read('10.9.1.1', second)).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.slice(1)).toEqual([429, 429, 429]);
  });
});
