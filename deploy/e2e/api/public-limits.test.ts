/**
 * The guest booking limits through the gateway (docs/product/guest-booking.md, "Rate limits"; rulings 17): a
 * call past its limit is answered 429 `rateLimited` with the wait (message, `retryAfter`, Retry-After), and
 * changes nothing.
 *
 * Every e2e file calls from the gateway's one client address, so the test stack lifts the per-address limits;
 * the per-phone ones keep the product's values. Each test here spends a fresh phone at stores of its own, so
 * no other file's counts move. Not reachable here: `public_bookAppointmentOnline` per phone (the test stack
 * lifts it to 10,000, as the e2e suite books many requests for one demo customer) and the public reads
 * (per address only, lifted); scheduling's own tests prove those.
 */
import { CUSTOMERS_MESSAGES, ERROR_CODES, MESSAGES, type ErrorCode } from '@turnbook/contracts';
import { api, must } from '../src/api';
import { bookableStore, type BookableStore } from '../src/bookable-store';
import { newGuest, registerGuest, uniquePhone } from '../src/guest';

/** The product's limits per phone and hour (the test stack keeps them). */
const CUSTOMER_GUEST_PER_PHONE = Number(process.env.CUSTOMER_GUEST_PER_PHONE ?? 10);
const CUSTOMER_LOOKUP_PER_PHONE = Number(process.env.CUSTOMER_LOOKUP_PER_PHONE ?? 20);
const GUEST_LOG_PER_PHONE = Number(process.env.GUEST_LOG_PER_PHONE ?? 30);
/** scheduling counts in fixed windows on the clock (GUEST_WINDOW_SECONDS) */
const HOUR_MS = 3_600_000;

/** A 429 as the contract answers it: the code, `what` with the wait in minutes, and the same wait in seconds twice. */
function expectRateLimited(res: { status: number; body: any; headers: Headers }, what: string, maxWait: number) {
  const code: ErrorCode = 'rateLimited';
  expect([res.status, res.body.code]).toEqual([ERROR_CODES[code], code]);
  const minutes = Number(new RegExp(`^${escape(what)} Please try again in (\\d+) minutes?\\.$`).exec(res.body.message)?.[1]);
  expect(res.body.retryAfter).toBeGreaterThan(0);
  expect(res.body.retryAfter).toBeLessThanOrEqual(maxWait);
  expect(minutes).toBe(Math.max(1, Math.ceil(res.body.retryAfter / 60)));
  expect(res.headers.get('retry-after')).toBe(String(res.body.retryAfter));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let store: BookableStore;
/** A second store of the same owner, whose kiosk signs walk-ins in. */
let kioskStore: { id: number; kioskToken: string };

beforeAll(async () => {
  store = await bookableStore('limits', 'America/Chicago');
  const username = `${store.deskUsername}-2`;
  const other = (await must('POST', 'store', {
    name: `${store.name} two`, street: '2 market street', city: 'philadelphia', state: 'PA', zip: '19102', email: `${username}@example.com`,
    phone: '2155550189', username, password: store.password, password_confirmation: store.password,
  }, store.ownerToken)).store as { id: number };
  const kioskToken = (await must('POST', 'storeLogin', { username, password: store.password, mode: 'kiosk' })).access_token as string;
  kioskStore = { id: other.id, kioskToken };
}, 120_000);

const customersOf = async (storeId: number) =>
  (await must<{ customers: Array<{ id: number; phone: string | null }> }>('GET', `getCustomersByStoreId/${storeId}`, undefined, store.ownerToken)).customers;

describe('customers: the booking flow’s POST customer, per phone', () => {
  it('when a phone was made a customer as often as an hour allows, then the booking flow’s POST customer for it answers 429 with the wait and makes no customer; another phone still books', async () => {
    const guest = await registerGuest('limit');
    // The store's kiosk counts per phone only (it is the store's tablet): the phone's allowance is spent
    // without spending the shared address's.
    for (let i = 0; i < CUSTOMER_GUEST_PER_PHONE; i++) {
      const made = await api('POST', 'customer', { storeId: kioskStore.id, fname: 'limit', lname: 'walkin', phone: guest.phone }, kioskStore.kioskToken);
      expect([i, made.status]).toEqual([i, i === 0 ? 201 : 200]);
    }

    const refused = await api('POST', 'customer', { storeId: store.id, fname: 'limit', lname: 'guest', phone: guest.phone, email: guest.email, userId: guest.userId });
    expectRateLimited(refused, CUSTOMERS_MESSAGES.tooManyCustomerRequests, 3600);
    expect(refused.body.customer).toBeUndefined();
    expect((await customersOf(store.id)).filter((c) => c.phone === guest.phone)).toEqual([]);

    const other = await newGuest(store.id, 'other');
    expect((await customersOf(store.id)).map((c) => c.id)).toContain(other.customerId);
  });
});

describe('customers: public_getCustomerIdByStoreIdAndPhone, per phone', () => {
  it('when one phone is looked up as often as an hour allows, then the next lookup answers 429 with the wait and no customers; another phone is still answered', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < CUSTOMER_LOOKUP_PER_PHONE; i++) {
      const res = await api('GET', `public_getCustomerIdByStoreIdAndPhone/${store.id}/${phone}`);
      expect([i, res.status, res.body]).toEqual([i, 200, { customers: [] }]);
    }
    const refused = await api('GET', `public_getCustomerIdByStoreIdAndPhone/${store.id}/${phone}`);
    expectRateLimited(refused, MESSAGES.tooManyGuestRequests, 3600);
    expect(refused.body.customers).toBeUndefined();
    expect((await api('GET', `public_getCustomerIdByStoreIdAndPhone/${store.id}/${uniquePhone()}`)).status).toBe(200);
  });
});

describe('scheduling: public_createLog, per phone', () => {
  it('when a visitor logs on their request as often as an hour allows, then the next log answers 429 with the rest of the hour and writes nothing', async () => {
    // The window is the clock's hour: a run that would cross into the next one waits for it instead.
    const left = HOUR_MS - (Date.now() % HOUR_MS);
    if (left < 60_000) await new Promise((r) => setTimeout(r, left + 1000));

    const guest = await newGuest(store.id, 'logger');
    const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const free = await must('GET', `availability/${store.id}/${date}?serviceIds=${store.service.id}&mode=online`, undefined);
    const slot = free.slots.find((s: { free: boolean }) => s.free);
    const request = (await must('POST', 'public_bookAppointmentOnline', {
      storeId: store.id, staffId: store.staff.id, customerId: guest.customerId, userId: guest.userId, serviceIds: `${store.service.id}`,
      date, start: slot.start, end: end12(slot.startMin + free.duration),
    })).appointment as { id: number };
    const log = (text: string) => api('POST', 'public_createLog', { storeId: store.id, appointmentId: request.id, text, userId: guest.userId });

    for (let i = 0; i < GUEST_LOG_PER_PHONE; i++) expect([i, (await log(`Online request ${i}`)).status]).toEqual([i, 201]);
    const logsBefore = (await must('GET', `getStoreLogsByAppointmentId/${request.id}`, undefined, store.ownerToken)).logs as Array<{ text: string }>;

    const secondsLeft = () => Math.ceil((HOUR_MS - (Date.now() % HOUR_MS)) / 1000);
    const leftBefore = secondsLeft();
    const refused = await log('Online request, one too many');
    expectRateLimited(refused, MESSAGES.tooManyGuestRequests, leftBefore + 1);
    expect(refused.body.retryAfter).toBeGreaterThanOrEqual(secondsLeft() - 1);
    const logsAfter = (await must('GET', `getStoreLogsByAppointmentId/${request.id}`, undefined, store.ownerToken)).logs as Array<{ text: string }>;
    expect(logsAfter).toEqual(logsBefore);
    expect(logsAfter.map((l) => l.text)).not.toContain('Online request, one too many');
  }, 240_000);
});

function end12(min: number): string {
  const h = Math.floor(min / 60) % 24;
  return `${String(h % 12 || 12).padStart(2, '0')}:${String(min % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}
