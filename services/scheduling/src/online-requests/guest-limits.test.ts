import { MESSAGES } from '@turnbook/contracts';
import { startWorld, type World } from '../test/world';

/**
 * Low limits so a few calls reach them. The windows are fixed on the clock (an hour and 10 minutes in the
 * product): here they are a day, so a test running across a boundary does not start a fresh count.
 */
const LIMITS = {
  GUEST_BOOKING_PER_ADDRESS: '2', GUEST_BOOKING_PER_PHONE: '2', GUEST_BOOKING_PER_STORE: '4',
  GUEST_LOG_PER_ADDRESS: '2', GUEST_LOG_PER_PHONE: '2', GUEST_LOG_PER_STORE: '4',
  PUBLIC_READS_PER_ADDRESS: '5', PUBLIC_READ_WINDOW_SECONDS: '86400', GUEST_WINDOW_SECONDS: '86400',
};

let w: World;
beforeAll(async () => {
  w = await startWorld(LIMITS);
}, 60_000);
afterAll(async () => w?.stop());

/** A store of its own per test, so each test's store count starts at zero. */
const newStore = async () => (await w.createStore('owner')).id;
/** A request that passes the limits and the account, then fails on what it asks for (no such service). */
const book = (ip: string, storeId: number, visitor: { userId: number; customerId: number }) =>
  w.svc.http().post('/api/public_bookAppointmentOnline').set('X-Forwarded-For', ip).send({
    storeId, staffId: 8888, customerId: visitor.customerId, userId: visitor.userId, serviceIds: '999999', date: '2031-11-03', start: '10:00 am', end: '10:45 am',
  });
const log = (ip: string, storeId: number, visitor: { userId: number }) =>
  w.svc.http().post('/api/public_createLog').set('X-Forwarded-For', ip).send({ storeId, appointmentId: 987654, text: 'Online request', userId: visitor.userId });

/**
 * 'limited' for a 429 (whose message, wait and Retry-After are checked here), else the status and the field
 * a call past the limits was refused on (no such service, no such request).
 */
function outcome(res: { status: number; body: Record<string, unknown>; headers: Record<string, string> }): string {
  if (res.status !== 429) return `${res.status} ${String(res.body.field)}`;
  expect(res.body).toMatchObject({ code: 'rateLimited', retryAfter: expect.any(Number) });
  expect(res.body.message).toMatch(new RegExp(`^${MESSAGES.tooManyGuestRequests} Please try again in \\d+ minutes?\\.$`));
  expect(Number(res.headers['retry-after'])).toBe(res.body.retryAfter);
  // the rest of the day's window
  expect(res.body.retryAfter as number).toBeGreaterThan(0);
  expect(res.body.retryAfter as number).toBeLessThanOrEqual(86_400);
  return 'limited';
}
const BOOK_SERVED = '400 serviceIds';
const LOG_SERVED = '400 appointmentId';

describe('public_bookAppointmentOnline limits (no token needed)', () => {
  it('when one address sends more requests than its limit, then it gets 429 with the wait, and another address is still served', async () => {
    const store = await newStore();
    for (const _ of [1, 2]) expect(outcome(await book('10.4.0.1', store, w.guest(store)))).toBe(BOOK_SERVED);
    expect(outcome(await book('10.4.0.1', store, w.guest(store)))).toBe('limited');
    expect(outcome(await book('10.4.0.2', store, w.guest(store)))).toBe(BOOK_SERVED);
  });

  it('when one phone books from many addresses past its limit, then 429, and another phone is still served', async () => {
    const store = await newStore();
    const visitor = w.guest(store);
    for (const n of [1, 2]) expect(outcome(await book(`10.5.0.${n}`, store, visitor))).toBe(BOOK_SERVED);
    expect(outcome(await book('10.5.0.3', store, visitor))).toBe('limited');
    expect(outcome(await book('10.5.0.4', store, w.guest(store)))).toBe(BOOK_SERVED);
  });

  it('when one store gets more requests than its limit from many addresses and phones, then 429; another store is still served', async () => {
    const [store, other] = [await newStore(), await newStore()];
    for (const n of [1, 2, 3, 4]) expect(outcome(await book(`10.6.0.${n}`, store, w.guest(store)))).toBe(BOOK_SERVED);
    expect(outcome(await book('10.6.0.5', store, w.guest(store)))).toBe('limited');
    expect(outcome(await book('10.6.0.5', other, w.guest(other)))).toBe(BOOK_SERVED);
  });
});

describe('public_createLog limits (no token needed)', () => {
  it('when one address logs more than its limit, then 429 with the wait; another address is still served', async () => {
    const store = await newStore();
    for (const _ of [1, 2]) expect(outcome(await log('10.7.0.1', store, w.guest(store)))).toBe(LOG_SERVED);
    expect(outcome(await log('10.7.0.1', store, w.guest(store)))).toBe('limited');
    expect(outcome(await log('10.7.0.2', store, w.guest(store)))).toBe(LOG_SERVED);
  });

  it('when one phone logs from many addresses past its limit, then 429; another phone is still served', async () => {
    const store = await newStore();
    const visitor = w.guest(store);
    for (const n of [1, 2]) expect(outcome(await log(`10.8.0.${n}`, store, visitor))).toBe(LOG_SERVED);
    expect(outcome(await log('10.8.0.3', store, visitor))).toBe('limited');
    expect(outcome(await log('10.8.0.4', store, w.guest(store)))).toBe(LOG_SERVED);
  });
});

describe("the booking page's public reads", () => {
  const read = (ip: string, path: string) => w.svc.http().get(`/api/${path}`).set('X-Forwarded-For', ip);

  it('when one address reads past its limit (any mix of the public reads), then 429 with the wait, and another address is still answered', async () => {
    const s = w.store;
    const paths = [
      `public_getStoreByPermalink/${s.permalink}`, `public_getStaffsByStoreId/${s.id}`, `public_getExternalServicesByStoreId/${s.id}`,
      `public_getAppointmentsByStoreIdAndDate/${s.id}/2031-11-03`, `availability/${s.id}/2031-11-03?serviceIds=999999`,
    ];
    const served = await Promise.all(paths.map((p) => read('10.7.0.1', p)));
    expect(served.map((r) => r.status)).toEqual([200, 200, 200, 200, 400]);
    const refused = await read('10.7.0.1', `public_getStaffsByStoreId/${s.id}`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rateLimited', retryAfter: expect.any(Number) });
    expect(refused.body.message).toMatch(new RegExp(`^${MESSAGES.tooManyGuestRequests} Please try again in \\d+ minutes?\\.$`));
    expect(refused.body).not.toHaveProperty('employees');
    expect(Number(refused.headers['retry-after'])).toBe(refused.body.retryAfter);
    expect((await read('10.7.0.2', `public_getStaffsByStoreId/${s.id}`)).status).toBe(200);
  });
});
