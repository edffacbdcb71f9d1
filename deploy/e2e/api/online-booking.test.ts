/**
 * The online booking calls through the gateway, per caller (docs/decisions.md, "A customer's appointments
 * and the public phone lookup"): a visitor requests without a token; a customer reads, moves and cancels only
 * their own appointments (their account's requests, and once the phone is verified, that phone's); another
 * customer, store staff and no token get nothing of them, whatever ids or phones they try; public answers
 * carry no customer's data.
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@turnbook/contracts';
import { api, must } from '../src/api';
import { newGuest, type Guest } from '../src/guest';
import { buildWorld, type World } from '../src/world';
import demoLogins from '../../local/demo-logins.json';

const desk = demoLogins.find((l) => l.role.startsWith('store login'))!;
const demoStaff = demoLogins.find((l) => l.role === 'staff')!;
const tag = randomBytes(3).toString('hex');
const IDENTITY_URL = process.env.IDENTITY_URL ?? 'http://127.0.0.1:4101';
const INTERNAL_TOKEN = process.env.INTERNAL_TOKEN ?? 'dev-internal-token-change-me';

/** A signed-in customer with a verified phone (seeded as identity's demo seed does) and their customer id at the store. */
interface Customer { userId: number; token: string; phone: string; customerId: number }

let w: World;
let storeId: number;
let serviceId: number;
/** a staff member taking online requests: requests for them hold that slot alone */
let staffId: number;
let deskToken: string;
let staffToken: string;
let alice: Customer;
let bob: Customer;
let day: { date: string; starts: string[]; end: (start: string) => string };

async function seededCustomer(name: string): Promise<Customer> {
  const phone = `267${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-7)}`;
  const email = `booking-${name}-${tag}@example.com`;
  const password = 'Booking-pass-1';
  const seeded = await fetch(`${IDENTITY_URL}/internal/seed/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': INTERNAL_TOKEN },
    body: JSON.stringify({ users: [{ email, password, fname: name, lname: 'online', phone, role: 'customer' }] }),
  });
  if (!seeded.ok) throw new Error(`seed -> ${seeded.status} ${await seeded.text()}`);
  const token = (await must('POST', 'login', { email, password })).access_token as string;
  const userId = (await seeded.json()).users[0].id as number;
  const customerId = (await must('POST', 'customer', { storeId, fname: name, lname: 'online', phone, email }, token)).customer.id as number;
  return { userId, token, phone, customerId };
}

function minutesTo12(min: number): string {
  const h = Math.floor(min / 60) % 24;
  return `${String(h % 12 || 12).padStart(2, '0')}:${String(min % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

const book = (start: string, over: object = {}, token?: string) =>
  api('POST', 'public_bookAppointmentOnline', { storeId, staffId, serviceIds: `${serviceId}`, date: day.date, start, end: day.end(start), ...over }, token);
const guestBook = (g: Guest, start: string) => book(start, { customerId: g.customerId, userId: g.userId });
let slot = 0;
/** Each test its own free start of the day (the list is long enough for the file). */
const nextStart = () => day.starts[slot++];

beforeAll(async () => {
  w = await buildWorld();
  const deskLogin = await must('POST', 'storeLogin', { username: desk.login, password: desk.password });
  storeId = deskLogin.store.id;
  deskToken = deskLogin.access_token;
  staffToken = (await must('POST', 'login', { email: demoStaff.login, password: demoStaff.password })).access_token;
  serviceId = (await must('GET', `public_getExternalServicesByStoreId/${storeId}`, undefined)).services[0].id;
  const staff = (await must('GET', `public_getStaffsByStoreId/${storeId}`, undefined)).employees;
  staffId = staff.find((e: { online_booking: string }) => e.online_booking === 'ON').id;
  for (let ahead = 5; ahead < 40 && !day; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const got = await must('GET', `availability/${storeId}/${date}?serviceIds=${serviceId}&staffId=${staffId}`, undefined);
    // starts of the staff member that never share a step, so each test has a time of its own
    const starts: { start: string; startMin: number }[] = [];
    for (const s of got.slots) if (s.free && (!starts.length || s.startMin >= starts.at(-1)!.startMin + got.duration)) starts.push(s);
    if (starts.length >= 10) {
      const endOf = new Map<string, string>(starts.map((s) => [s.start, minutesTo12(s.startMin + got.duration)]));
      day = { date, starts: starts.map((s) => s.start), end: (s) => endOf.get(s)! };
    }
  }
  if (!day) throw new Error('no open day with free online times in the next month');
  alice = await seededCustomer('alice');
  bob = await seededCustomer('bob');
}, 300_000);

describe('who may reach an appointment', () => {
  it('when a visitor books without a token, then it is accepted PENDING, and the answer names no one else', async () => {
    const g = await newGuest(storeId, `v${tag}`);
    const res = await guestBook(g, nextStart());
    expect(res.status).toBe(201);
    expect(res.body.appointment).toMatchObject({ status: 'PENDING', staffId, customerId: g.customerId });
    expect(Object.keys(res.body.appointment)).not.toEqual(expect.arrayContaining(['customerPhone']));
    expect(JSON.stringify(res.body)).not.toMatch(/sale|customerFname|customerPhone|customerEmail/);
  });

  it("when a signed-in customer books and reads their list and the appointment, then they get them; naming another phone adds nothing of it", async () => {
    const mine = await book(nextStart(), { customerId: alice.customerId }, alice.token);
    expect(mine.status).toBe(201);
    const list = await api('GET', `public_getAppointmentsByCustomerPhoneNumber/${alice.phone}`, undefined, alice.token);
    expect(list.status).toBe(200);
    expect(list.body.stores.flat().map((a: { id: number }) => a.id)).toContain(mine.body.appointment.id);
    expect((await api('GET', `public_getAppointmentById/${mine.body.appointment.id}`, undefined, alice.token)).body.appointments[0]).toMatchObject({ id: mine.body.appointment.id, status: 'PENDING' });
    const bobs = (await book(nextStart(), { customerId: bob.customerId }, bob.token)).body.appointment.id;
    const theirs = await api('GET', `public_getAppointmentsByCustomerPhoneNumber/${bob.phone}`, undefined, alice.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.stores.flat().map((a: { id: number }) => a.id)).not.toContain(bobs);
    expect(theirs.body.stores.flat().map((a: { id: number }) => a.id)).toContain(mine.body.appointment.id);
  });

  it("when another customer, store staff, the front desk or no token reach for a customer's appointment, then nothing comes back or changes", async () => {
    const mine = (await book(nextStart(), { customerId: alice.customerId }, alice.token)).body.appointment;
    for (const [who, token] of [['another customer', bob.token], ['store staff', staffToken], ['other owner', w.tokens.otherOwner]] as const) {
      const read = await api('GET', `public_getAppointmentById/${mine.id}`, undefined, token);
      expect([who, read.status, read.body.appointments]).toEqual([who, 404, undefined]);
      expect([who, (await api('GET', `cancelOnlineAppointment/${mine.id}`, undefined, token)).status]).toEqual([who, 404]);
      const moved = await api('POST', 'public_updateAppointmentOnline', { id: mine.id, staffId: 8888, serviceIds: `${serviceId}`, date: day.date, start: day.starts.at(-1), end: day.end(day.starts.at(-1)!) }, token);
      expect([who, moved.status]).toEqual([who, 404]);
    }
    expect((await api('GET', `public_getAppointmentById/${mine.id}`, undefined, deskToken)).status).toBe(403);
    for (const path of [`public_getAppointmentById/${mine.id}`, `cancelOnlineAppointment/${mine.id}`, `public_getAppointmentsByCustomerPhoneNumber/${alice.phone}`]) {
      expect([path, (await api('GET', path)).status]).toEqual([path, 401]);
    }
    expect((await api('GET', `public_getAppointmentById/${mine.id}`, undefined, alice.token)).body.appointments[0].status).toBe('PENDING');
  });

  it("when a customer guesses ids around their own or other customers' phones, then they learn nothing", async () => {
    const own = (await book(nextStart(), { customerId: bob.customerId }, bob.token)).body.appointment.id as number;
    // Bob's earlier requests (other tests) are his to read: every other id around his is someone else's.
    const bobs = (await api('GET', `public_getAppointmentsByCustomerPhoneNumber/${bob.phone}`, undefined, bob.token)).body.stores.flat().map((a: { id: number }) => a.id);
    expect(bobs).toContain(own);
    for (let id = own - 5; id <= own + 5; id++) {
      if (bobs.includes(id)) continue;
      const res = await api('GET', `public_getAppointmentById/${id}`, undefined, bob.token);
      expect([id, res.status]).toEqual([id, 404]);
      expect(res.body.message).toBe(MESSAGES.appointmentNotFound);
    }
    const alices = (await api('GET', `public_getAppointmentsByCustomerPhoneNumber/${alice.phone}`, undefined, alice.token)).body.stores.flat().map((a: { id: number }) => a.id);
    for (const phone of [alice.phone, w.customerPhone, '2155550100']) {
      const res = await api('GET', `public_getAppointmentsByCustomerPhoneNumber/${phone}`, undefined, bob.token);
      expect(res.body.stores.flat().map((a: { id: number }) => a.id).filter((id: number) => alices.includes(id))).toEqual([]);
    }
  });

  it("when the phone lookup is asked by anyone but that phone's verified owner, then it answers an empty list, as for an unknown number", async () => {
    const own = await api('GET', `public_getCustomerIdByStoreIdAndPhone/${storeId}/${alice.phone}`, undefined, alice.token);
    expect(own.body.customers.map((c: { id: number }) => c.id)).toContain(alice.customerId);
    for (const token of [undefined, bob.token, staffToken, deskToken]) {
      expect((await api('GET', `public_getCustomerIdByStoreIdAndPhone/${storeId}/${alice.phone}`, undefined, token)).body).toEqual({ customers: [] });
    }
  });

  it("when anyone reads a day's busy times, then each entry is staff, date and times only", async () => {
    const res = await api('GET', `public_getAppointmentsByStoreIdAndDate/${storeId}/${day.date}`);
    expect(res.status).toBe(200);
    const all = [...res.body.appointments, ...res.body.appointmentsOnline];
    expect(all.length).toBeGreaterThan(0);
    for (const a of all) expect(Object.keys(a).sort()).toEqual(['date', 'end', 'endMin', 'staffId', 'start', 'startMin']);
    const staff = await api('GET', `public_getStaffsByStoreId/${storeId}`);
    for (const e of staff.body.employees) expect(Object.keys(e).filter((k) => /email|phone|username|pin/i.test(k))).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['serviceIds', () => book(day.starts[0], { customerId: alice.customerId, serviceIds: '' }, alice.token)],
    ['date', () => book(day.starts[0], { customerId: alice.customerId, date: '2026-02-30' }, alice.token)],
    // past the 45-day online window
    ['date', () => book(day.starts[0], { customerId: alice.customerId, date: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10) }, alice.token)],
    ['staffId', () => book(day.starts[0], { customerId: alice.customerId, staffId: 'x' }, alice.token)],
    ['id', () => api('POST', 'public_updateAppointmentOnline', { staffId: 8888, serviceIds: `${serviceId}`, date: day.date, start: '10:00 am', end: '10:30 am' }, alice.token)],
    ['phone', () => api('GET', 'public_getAppointmentsByCustomerPhoneNumber/12ab', undefined, alice.token)],
    ['id', () => api('GET', 'public_getAppointmentById/abc', undefined, alice.token)],
    ['phone', () => api('GET', `public_getCustomerIdByStoreIdAndPhone/${storeId}/123`)],
    ['storeId', () => api('GET', 'public_getStaffsByStoreId/abc')],
    ['storeId', () => api('GET', 'public_getExternalServicesByStoreId/abc')],
    ['date', () => api('GET', `public_getAppointmentsByStoreIdAndDate/${storeId}/2026-02-30`)],
    ['permalink', () => api('GET', `public_getStoreByPermalink/${'x'.repeat(300)}`)],
  ])('when %s is bad, then 400 names it', async (field, call) => {
    const res = await call();
    expect([res.status, res.body.field]).toEqual([400, field]);
  });
});

describe('modify and cancel', () => {
  it('when a customer modifies their request, then it is MODIFYING at the new time at once and the old time is free for a visitor', async () => {
    const [from, to] = [nextStart(), nextStart()];
    const mine = (await book(from, { customerId: alice.customerId }, alice.token)).body.appointment;
    const moved = await api('POST', 'public_updateAppointmentOnline', { id: mine.id, staffId, serviceIds: `${serviceId}`, date: day.date, start: to, end: day.end(to), status: 'MODIFYING' }, alice.token);
    expect(moved.status).toBe(200);
    expect(moved.body.appointment).toMatchObject({ id: mine.id, status: 'MODIFYING', start: to });
    const g = await newGuest(storeId, `m${tag}`);
    expect((await guestBook(g, from)).status).toBe(201);
    expect((await guestBook(g, to)).status).toBe(409);
  });

  it('when a customer cancels a pending request, then it is cancelled outright; an approved one becomes REQUEST CANCEL with its time free at once', async () => {
    const pending = (await book(nextStart(), { customerId: alice.customerId }, alice.token)).body.appointment;
    expect((await api('GET', `cancelOnlineAppointment/${pending.id}`, undefined, alice.token)).body.appointment.status).toBe('CANCEL');
    const start = nextStart();
    const approved = (await book(start, { customerId: bob.customerId }, bob.token)).body.appointment;
    await must('GET', `approveAppointment/${approved.id}/${bob.phone}`, undefined, deskToken);
    const asked = await api('GET', `cancelOnlineAppointment/${approved.id}`, undefined, bob.token);
    expect(asked.body.appointment.status).toBe('REQUEST CANCEL');
    const again = await api('GET', `cancelOnlineAppointment/${approved.id}`, undefined, bob.token);
    expect([again.status, again.body.code]).toEqual([409, 'notChangeableOnline']);
    const g = await newGuest(storeId, `f${tag}`);
    expect((await guestBook(g, start)).status).toBe(201);
    expect((await api('GET', `cancelAppointment/${approved.id}`, undefined, deskToken)).status).toBe(200);
  });
});
