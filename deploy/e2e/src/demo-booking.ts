import { randomUUID } from 'node:crypto';
import { api } from './api';
import { GATEWAY_URL } from './browser';
import { demoLogin } from './demo';
import { openDayAhead, worksOn } from './open-days';
import { failureCode, fetchLikeABrowser } from './resend';

// Bookings on the demo store through the gateway, as a front desk that retries: for system tests that
// break processes under a stream of bookings and then count what was kept.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface DemoBooking {
  token: string;
  storeId: number;
  /** a booking's body without its note (the note names the booking, so it can be found again) */
  body(note: string): Record<string, unknown>;
  date: string;
  remove(id: number): Promise<void>;
}

/** The demo owner, a staff member, a customer and a service of the demo store, on a day it opens. */
export async function demoBooking(): Promise<DemoBooking> {
  const owner = demoLogin('owner');
  const token = (await api('POST', 'login', { email: owner.login, password: owner.password })).body.access_token as string;
  const store = (await api('GET', 'getStoreByPermalink/lotus-nail-spa', undefined, token)).body.stores[0];
  const storeId = Number(store.id);
  // Far enough ahead that nothing else books it; staff may overbook, so every booking is accepted.
  const date = openDayAhead(store, 20);
  const staff = (await api('GET', `getStaffsByStoreId/${storeId}`, undefined, token)).body.employees as Array<{ id: number; archived: boolean; role: string; dayOff?: string }>;
  // one who works that date (a weekly day off is refused, ruling 5)
  const staffId = staff.find((e) => !e.archived && e.role !== 'none' && e.role !== 'TBD' && worksOn(date, e))!.id;
  const customerId = (await api('GET', `getCustomersByStoreId/${storeId}`, undefined, token)).body.customers[0].id as number;
  const services = (await api('GET', `getServicesByStoreId/${storeId}`, undefined, token)).body.services as Array<{ id: number; status: string; type: string }>;
  const serviceIds = String(services.find((s) => s.status === 'ON' && s.type !== 'EXTERNAL')!.id);
  return {
    token,
    storeId,
    date,
    body: (note) => ({ storeId, staffId, customerId, serviceIds, date, start: '10:00 am', end: '10:30 am', note }),
    remove: async (id) => void (await gateway('GET', `removeAppointment/${id}`, token)),
  };
}

/**
 * One call through the gateway that never throws: a dropped connection or a timeout is status 0, its body
 * `{ networkError }` naming why. A read or a keyed write is first resent once, as a browser would, when its
 * kept-alive connection was closed unanswered.
 */
export async function gateway(method: string, p: string, token: string, body?: unknown, headers: Record<string, string> = {}, timeoutMs = 15_000): Promise<{ status: number; body: any }> {
  try {
    const safeToResend = method === 'GET' || Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key');
    const res = await fetchLikeABrowser(`${GATEWAY_URL}/api/${p}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    }, safeToResend);
    const text = await res.text();
    let parsed: unknown;
    try { parsed = text ? JSON.parse(text) : undefined; } catch { parsed = text; }
    return { status: res.status, body: parsed };
  } catch (err) {
    return { status: 0, body: { networkError: failureCode(err) } };
  }
}

/** A booking with its Idempotency-Key, sent again on a dropped connection, a timeout, a 5xx or a 409 in progress. */
export async function bookUntilAnswered(b: DemoBooking, note: string, key = randomUUID(), giveUpMs = 60_000): Promise<{ status: number; id?: number; tries: number; ms: number }> {
  const started = Date.now();
  for (let tries = 1; ; tries++) {
    const res = await gateway('POST', 'appointment', b.token, b.body(note), { 'Idempotency-Key': key });
    const retry = res.status === 0 || res.status >= 500 || res.body?.code === 'idempotencyInProgress';
    if (!retry || Date.now() - started > giveUpMs) return { status: res.status, id: res.body?.appointment?.id, tries, ms: Date.now() - started };
    await sleep(Math.min(200 * tries, 1000));
  }
}

/** The appointments of the booking day whose note starts with `prefix`. */
export async function bookedWith(b: DemoBooking, prefix: string): Promise<Array<{ id: number; note: string }>> {
  const res = await gateway('GET', `getAppointmentsByStoreIdAndDate/${b.storeId}/${b.date}`, b.token);
  if (res.status !== 200) throw new Error(`day read -> ${res.status}`);
  const list = (res.body.appointments ?? res.body) as Array<{ id: number; note?: string }>;
  return list.filter((a) => (a.note ?? '').startsWith(prefix)).map((a) => ({ id: a.id, note: a.note! }));
}

export async function until<T>(what: string, limitMs: number, probe: () => Promise<T | undefined>, everyMs = 200): Promise<T> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${limitMs} ms`);
}
