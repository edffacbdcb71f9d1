import type { Connection } from 'mongoose';
import { createLogger } from '../src/logger';
import { keepMongoConnected } from '../src/mongo-keeper';

// The driver's client as the keeper sees it: pings answer or fail, and it can be closed and connected again.
function fakeDb(answers: () => boolean) {
  const calls: string[] = [];
  const client = {
    db: () => ({ command: async () => (answers() ? { ok: 1 } : Promise.reject(new Error('connection 29 closed'))) }),
    close: async () => void calls.push('close'),
    connect: async () => void calls.push('connect'),
  };
  return { db: { getClient: () => client } as unknown as Connection, calls };
}

// On the test's own clock (timers and Date.now): a busy machine's late timers made real sleeps overrun the limit.
const sleep = (ms: number) => jest.advanceTimersByTimeAsync(ms);
const log = createLogger('test', 'silent');

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('keeping the database connection', () => {
  it('when pings keep failing past the limit, then the client is reopened, and it stops once they answer', async () => {
    let up = false;
    const { db, calls } = fakeDb(() => up);
    const keeper = keepMongoConnected(db, log, { everyMs: 20, pingTimeoutMs: 50, reopenAfterMs: 150 });
    await sleep(100);
    expect(calls).toEqual([]);
    await sleep(200);
    expect(calls.slice(0, 2)).toEqual(['close', 'connect']);
    up = true;
    await sleep(60);
    const settled = calls.length;
    await sleep(300);
    expect(calls.length).toBe(settled);
    keeper.stop();
  });

  it('when the database answers, then the client is never reopened', async () => {
    const { db, calls } = fakeDb(() => true);
    const keeper = keepMongoConnected(db, log, { everyMs: 20, pingTimeoutMs: 50, reopenAfterMs: 60 });
    await sleep(300);
    expect(calls).toEqual([]);
    keeper.stop();
  });
});
