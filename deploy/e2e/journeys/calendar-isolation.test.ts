import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { api, must } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { newGuest } from '../src/guest';
import { everyDay, openDayAhead, worksOn, type StoreWeek } from '../src/open-days';
import { chooseStore, loginAndSettle } from '../src/steps';

// The calendar's realtime stays inside its store: a browser on ANOTHER store's calendar hears nothing of the
// demo store's new appointment, online request or activity log, while a booking of its own store reaches it
// (so the silence is not a dead socket). One viewport: calendar-grid covers both for the same screen.

const STORE_A = { id: 1, permalink: 'lotus-nail-spa' };
const IDENTITY_URL = process.env.IDENTITY_URL ?? 'http://127.0.0.1:4101';
const INTERNAL_TOKEN = process.env.INTERNAL_TOKEN ?? 'dev-internal-token-change-me';
const PASSWORD = 'Isolation-pass-1';
const TAG = randomBytes(3).toString('hex');
const NOTE_A = `isolation-a-${TAG}`;

let browser: Browser;
let tokenA = '';
let tokenB = '';
const removeLater: Array<{ id: number; token: () => string }> = [];

/** Two days ahead or more, a day store A opens: the guest's online request needs a free online start (the demo store is closed on Sundays). */
async function storeAOpenDay(): Promise<string> {
  const week = (await must('GET', `public_getStoreByPermalink/${STORE_A.permalink}`, undefined)).stores[0] as StoreWeek;
  return openDayAhead(week, 2);
}

/** '02:15 pm' for 855 minutes since midnight, as the server takes times. */
const time12 = (min: number) => {
  const h = Math.floor(min / 60);
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(min % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
};

/** Store B: its own professional owner (seeded, no mail round trip) working in it, one service and one customer. */
async function storeB() {
  const email = `isolation-owner-${TAG}@example.com`;
  const seeded = await fetch(`${IDENTITY_URL}/internal/seed/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': INTERNAL_TOKEN },
    body: JSON.stringify({ users: [{ email, password: PASSWORD, fname: 'iris', lname: 'isolation', phone: `215${String(Date.now()).slice(-7)}`, role: 'professional' }] }),
  });
  if (!seeded.ok) throw new Error(`seed user -> ${seeded.status} ${await seeded.text()}`);
  const login = await must('POST', 'login', { email, password: PASSWORD });
  tokenB = login.access_token;
  const store = (await must('POST', 'store', {
    name: `Isolation Salon ${TAG}`, street: '2 market street', city: 'philadelphia', state: 'PA', zip: '19102', email: `isolation-${TAG}@example.com`,
    phone: `267${String(Date.now()).slice(-7)}`, username: `isolation-desk-${TAG}`, password: PASSWORD, password_confirmation: PASSWORD, timezone: 'America/New_York',
    // open every day: its own booking below is a staff booking, which stays inside the store's hours (ruling 5)
    hours: everyDay('9:00 am-7:00 pm'),
  }, tokenB)).store as { id: number; permalink: string };
  const service = (await must('POST', 'service', { storeId: store.id, name: 'Isolation manicure', duration: 30, icon: 1, price: 25 }, tokenB)).service;
  const customer = (await must('POST', 'customer', { storeId: store.id, fname: 'bea', lname: 'isolation', phone: `215${String(Date.now() + 1).slice(-7)}` }, tokenB)).customer;
  // The owner works in the store too, as in the demo store (the calendar shows its viewer's column).
  const invited = await must('POST', 'staff', { hasAccount: 'hasAccount', email, storeId: store.id }, tokenB);
  const staff = (await must('POST', `staff-invitation/${invited.invitation.id}/accept`, {}, tokenB)).employee as { id: number };
  await must('POST', `updateEmployeeRole/${staff.id}`, { role: 'admin' }, tokenB);
  return { email, ownerId: Number(login.user.id), store, serviceId: service.id as number, customerId: customer.id as number, staffId: staff.id };
}

/** Store A's three kinds of news: an appointment booked by its owner, a guest's online request and a log entry. */
async function newsInStoreA(date: string): Promise<number[]> {
  const owner = demoLogin('owner');
  tokenA = (await must('POST', 'login', { email: owner.login, password: owner.password })).access_token;
  const staff = (await must('GET', `getStaffsByStoreId/${STORE_A.id}`, undefined, tokenA)).employees as Array<{ id: number; archived: boolean; role: string; dayOff?: string }>;
  // one who works that date (a weekly day off is refused, ruling 5)
  const staffId = staff.find((e) => !e.archived && e.role !== 'none' && e.role !== 'TBD' && worksOn(date, e))!.id;
  // The guest's customer record serves the owner's booking too (no search through the store's customers).
  const guest = await newGuest(STORE_A.id, 'isla');
  const customerId = guest.customerId;
  const inner = (await must('GET', `getServicesByStoreId/${STORE_A.id}`, undefined, tokenA)).services as Array<{ id: number; status: string; type: string }>;
  const booked = (await must('POST', 'appointment', {
    storeId: STORE_A.id, staffId, customerId, serviceIds: String(inner.find((s) => s.status === 'ON' && s.type !== 'EXTERNAL')!.id), date, start: '04:00 pm', end: '04:30 pm', note: NOTE_A,
  }, tokenA)).appointment.id as number;

  const external = (await must('GET', `public_getExternalServicesByStoreId/${STORE_A.id}`, undefined)).services as Array<{ id: number }>;
  const free = await must('GET', `availability/${STORE_A.id}/${date}?serviceIds=${external[0].id}`, undefined);
  const slot = (free.slots as Array<{ start: string; startMin: number; free: boolean }>).filter((s) => s.free).at(-1);
  if (!slot) throw new Error(`store A has no free online start on ${date}`);
  const request = (await must('POST', 'public_bookAppointmentOnline', {
    storeId: STORE_A.id, staffId: 8888, customerId: guest.customerId, userId: guest.userId, serviceIds: String(external[0].id), date, start: slot.start,
    end: time12(slot.startMin + free.duration), note: NOTE_A, createdBy: 0, modifiedBy: 0,
  })).appointment.id as number;

  await must('POST', 'create-log', { storeId: STORE_A.id, appointmentId: booked, text: NOTE_A }, tokenA);
  return [booked, request];
}

async function until(check: () => boolean, what: string, ms = 30_000) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const r of removeLater) await api('GET', `removeAppointment/${r.id}`, undefined, r.token());
  await browser?.close();
});

describe("another store's calendar", () => {
  it("when the demo store gets a new appointment, an online request and a log, then a browser on another store's calendar hears none of it, while its own store's booking appears without reloading", async () => {
    const date = await storeAOpenDay();
    const b = await storeB();
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    const frames: string[] = [];
    const joined = new Set<string>();
    page.on('websocket', (w) =>
      w.on('framereceived', (f) => {
        const text = String(f.payload);
        frames.push(text);
        const m = /"type":"subscribed","channel":"([^"]+)"/.exec(text);
        if (m) joined.add(m[1]);
      }),
    );
    await loginAndSettle(page, b.email, PASSWORD);
    await chooseStore(page, { id: b.store.id, permalink: b.store.permalink, ownerId: b.ownerId });
    await page.goto(`/calendar/${b.store.permalink}?date=${date}`);
    await page.locator('[data-col-body]').first().waitFor();
    const channels = ['appointment', 'online-request', 'logs'].map((c) => `store:${b.store.id}:${c}`);
    await until(() => channels.every((c) => joined.has(c)), "the relay's answers to the store's channels");
    const bell = page.getByRole('button', { name: /^Online requests: \d+$/ });
    const bellBefore = await bell.getAttribute('aria-label');
    let reloaded = false;
    page.on('framenavigated', (f) => void (f === page.mainFrame() && (reloaded = true)));

    for (const id of await newsInStoreA(date)) removeLater.push({ id, token: () => tokenA });
    // Store B's own booking, made after store A's news: once it is on screen, A's events had their turn.
    const own = (await must('POST', 'appointment', {
      storeId: b.store.id, staffId: b.staffId, customerId: b.customerId, serviceIds: String(b.serviceId), date, start: '10:00 am', end: '10:30 am', note: 'isolation own',
    }, tokenB)).appointment.id as number;
    removeLater.push({ id: own, token: () => tokenB });
    await page.locator(`[data-appointment="${own}"]`).waitFor({ timeout: 30_000 });

    expect(reloaded).toBe(false);
    const events = frames.filter((f) => f.includes('"type":"event"'));
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((f) => !f.includes(`"channel":"store:${b.store.id}:`))).toEqual([]);
    expect(frames.join('\n')).not.toContain(NOTE_A);
    expect(frames.join('\n')).not.toMatch(new RegExp(`evt\\.[a-z-]+\\.${STORE_A.id}\\.`));
    expect(await page.content()).not.toContain(NOTE_A);
    expect(await bell.getAttribute('aria-label')).toBe(bellBefore);
    await shot(page, 'calendar-isolation-desktop-other-store');
    await ctx.close();
  });
});
