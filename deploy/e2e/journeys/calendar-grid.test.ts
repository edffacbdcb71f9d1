import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { api, must } from '../src/api';
import { bookableStore } from '../src/bookable-store';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { openDayAhead, worksOn, type StoreWeek } from '../src/open-days';
import { chooseStore, loginAndSettle, signInOnce } from '../src/steps';

// The calendar page's grid (docs/decisions.md, 'The calendar grid'): day and week views, navigation, drag
// and undo, what limited staff may see, realtime in a second browser, and a store-day across a DST change,
// on the demo store 'lotus-nail-spa', on a tablet and a desktop. The journey books its own appointments
// through the API and removes them afterwards.

const STORE = { id: 1, permalink: 'lotus-nail-spa' };
/**
 * The next spring-forward day in the demo store's zone, two days ahead or more: never in the past, whatever
 * day the suite runs on, and never today, whose walk-ins (the desk lane's) would put cards before opening.
 */
function nextSpringForward(zone = 'America/New_York'): string {
  let day = DateTime.now().setZone(zone).startOf('day').plus({ days: 2 });
  for (let i = 0; i < 400; i++, day = day.plus({ days: 1 })) if (day.endOf('day').offset > day.offset) return day.toISODate()!;
  throw new Error(`no spring-forward day in ${zone} within a year`);
}
const DST_DAY = nextSpringForward();

let browser: Browser;
let ownerToken = '';
let ownerId = 0;
let staff: { id: number; nickname: string; email: string; userId: number | null; sortIndex: number; role: string; archived: boolean; dayOff?: string }[] = [];
let customerId = 0;
let serviceIds = '';
let week: StoreWeek;
const created: number[] = [];

const isoDay = (offset: number, zone = 'America/New_York') => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
};

async function book(date: string, staffId: number, start: string, end: string): Promise<number> {
  const res = await api('POST', 'appointment', { storeId: STORE.id, staffId, customerId, serviceIds, date, start, end, note: 'calendar-grid journey' }, ownerToken);
  if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`);
  created.push(res.body.appointment.id);
  return res.body.appointment.id;
}

/** Starts every 15 minutes of a staff member's day that staff booking offers as free (not just open). */
async function freeStarts(date: string, staffId: number): Promise<Set<number>> {
  const res = await api('GET', `staffAvailability/${STORE.id}/${date}?serviceIds=${serviceIds}&staffId=${staffId}`, undefined, ownerToken);
  return new Set(((res.body?.slots ?? []) as Array<{ startMin: number; free: boolean }>).filter((s) => s.free).map((s) => s.startMin));
}

/**
 * A staff member's free `minutes` on an open day from tomorrow on, starting 10:00 to 11:30 am: the demo seed
 * and the other journeys book the days ahead, differently each day of the week. Morning, so the card sits
 * near the top of the grid and a drag never reaches the edge where the grid scrolls by itself.
 */
async function freeWindow(minutes: number): Promise<{ date: string; staffId: number; startMin: number }> {
  for (let ahead = 1; ahead <= 7; ahead++) {
    const date = openDayAhead(week, ahead);
    for (const e of staff) {
      const free = await freeStarts(date, e.id);
      for (const startMin of [...free].filter((m) => m >= 600 && m <= 690).sort((a, b) => a - b)) {
        let all = true;
        for (let m = startMin; m < startMin + minutes; m += 15) all &&= free.has(m);
        if (all) return { date, staffId: e.id, startMin };
      }
    }
  }
  throw new Error(`no staff member has ${minutes} free minutes from 10:00 to 11:30 am in the week ahead`);
}

/** Minutes after midnight as the records write them: '01:30 pm'. */
const time12 = (m: number) => `${String(Math.floor(m / 60) % 12 || 12).padStart(2, '0')}:${String(m % 60).padStart(2, '0')} ${m < 720 ? 'am' : 'pm'}`;

async function startOf(id: number): Promise<string> {
  const res = await api('GET', `getAppointmentsById/${id}`, undefined, ownerToken);
  const a = [...res.body.appointments, ...res.body.appointmentsNull, ...res.body.appointmentsOnline][0];
  return a.start;
}

async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  browser = await launch();
  const owner = demoLogin('owner');
  const res = await api('POST', 'login', { email: owner.login, password: owner.password });
  ownerToken = res.body.access_token;
  ownerId = res.body.user.id;
  staff = (await api('GET', `getStaffsByStoreId/${STORE.id}`, undefined, ownerToken)).body.employees;
  staff = staff.filter((e) => !e.archived && e.role !== 'none' && e.role !== 'TBD').sort((a, b) => a.sortIndex - b.sortIndex || a.id - b.id);
  customerId = (await api('GET', `getCustomersByStoreId/${STORE.id}`, undefined, ownerToken)).body.customers[0].id;
  const services = (await api('GET', `getServicesByStoreId/${STORE.id}`, undefined, ownerToken)).body.services as { id: number; status: string; type: string }[];
  serviceIds = String(services.find((s) => s.status === 'ON' && s.type !== 'EXTERNAL')!.id);
  week = (await api('GET', `getStoreByPermalink/${STORE.permalink}`, undefined, ownerToken)).body.stores[0];
});

/** The next day the store opens (not always tomorrow: the demo store is closed on Sundays). */
const nextOpenDay = () => openDayAhead(week, 1);
/** The staff who work `date` (a staff booking on a weekly day off is refused, ruling 5), in the columns' order. */
const workingOn = (date: string) => staff.filter((e) => worksOn(date, e));

afterAll(async () => {
  for (const id of created) await api('GET', `removeAppointment/${id}`, undefined, ownerToken);
  await browser?.close();
});

/** Logs in and chooses the demo store, as /stores does when a store is clicked; once per login in this file. */
async function signIn(page: Page, role: string) {
  await signInOnce(page, role, async () => {
    const l = demoLogin(role);
    await loginAndSettle(page, l.login, l.password);
    await chooseStore(page, { id: STORE.id, permalink: STORE.permalink, ownerId });
  });
}

async function openCalendar(page: Page, query = '') {
  await page.goto(`/calendar/${STORE.permalink}${query}`);
  await page.locator('[data-col-body]').first().waitFor();
}

const headers = (page: Page) => page.locator('[data-testid^="column-"]').allTextContents();
const card = (page: Page, id: number) => page.locator(`[data-appointment="${id}"]`);

describe('the calendar grid', () => {
  for (const viewport of ['tablet', 'desktop'] as const) {
    it(`when the owner opens the calendar on a ${viewport}, then the day shows every staff column with Online, Cancel and Unassigned, the week view shows the open days, and previous, next and today navigate`, async () => {
      const day = nextOpenDay();
      const id = await book(day, workingOn(day)[0].id, '11:00 am', '11:30 am');
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signIn(page, 'owner');
      await openCalendar(page);
      const titles = await headers(page);
      // names are stored lower-case and shown capitalised
      for (const e of staff) expect(titles.some((t) => t.toLowerCase().startsWith(e.nickname.toLowerCase()))).toBe(true);
      expect(titles.slice(-3)).toEqual(['Online', 'Cancel', 'Unassigned']);
      // more than 4 columns: they keep their width and the grid scrolls sideways
      const scroller = page.getByRole('region', { name: /day, / });
      expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await shot(page, `calendar-grid-${viewport}-day`);

      await page.getByRole('button', { name: 'Next day' }).click();
      await expectHeading(page, isoDay(1));
      await page.goto(`/calendar/${STORE.permalink}?date=${day}`);
      await card(page, id).waitFor();
      // Today twice: the calendar's bottom bar (issue 30 item 17), then the top bar
      await page.getByTestId('calendar-bottom-bar').getByRole('button', { name: 'Today' }).click();
      await page.getByRole('button', { name: 'Previous day' }).click();
      await expectHeading(page, isoDay(-1));
      await page.getByRole('button', { name: 'Today' }).first().click();
      await expectHeading(page, isoDay(0));

      await page.getByText('Week', { exact: true }).first().click();
      await page.getByRole('heading', { name: /^Week of / }).waitFor();
      // the week at a glance: a row per staff member, a cell per day (issue 31 item 2)
      await page.getByRole('table').getByRole('rowheader').first().waitFor();
      const days = await headers(page);
      expect(days.length).toBeGreaterThan(0);
      expect(days.length).toBeLessThanOrEqual(7);
      await shot(page, `calendar-grid-${viewport}-week`);
      await ctx.close();
    });
  }

  it('when the owner drags an appointment down two slots with the mouse, then it moves 30 minutes (same length), and Undo puts it back', async () => {
    const slot = await freeWindow(60);
    const [from, to] = [slot.startMin, slot.startMin + 30];
    const id = await book(slot.date, slot.staffId, time12(from), time12(from + 30));
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await signIn(page, 'owner');
    await openCalendar(page, `?date=${slot.date}`);
    await card(page, id).scrollIntoViewIfNeeded();
    const box = await card(page, id).boundingBox();
    if (!box) throw new Error('the card is not on screen');
    const x = box.x + box.width / 2;
    const y = box.y + 6;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let dy = 8; dy <= 48; dy += 8) await page.mouse.move(x, y + dy);
    await page.mouse.up();
    await page.getByText('Appointment moved').waitFor();
    await until(async () => (await startOf(id)) === time12(to), `the move to ${time12(to)}`);
    expect(await card(page, id).getAttribute('title')).toContain(`${time12(to).replace(/^0/, '')} - ${time12(to + 30).replace(/^0/, '')}`);
    await page.getByRole('button', { name: 'Undo' }).click();
    await until(async () => (await startOf(id)) === time12(from), `the undo back to ${time12(from)}`);
    expect(await startOf(id)).toBe(time12(from));
    await page.getByText('Move undone.').waitFor();
    await shot(page, 'calendar-grid-desktop-undone');
    await ctx.close();
  });

  it('when the owner moves an appointment with the keyboard on a tablet, then space, arrow down, space moves it 15 minutes', async () => {
    const slot = await freeWindow(45);
    const id = await book(slot.date, slot.staffId, time12(slot.startMin), time12(slot.startMin + 30));
    const ctx = await newContext(browser, 'tablet');
    const page = await ctx.newPage();
    await signIn(page, 'owner');
    await openCalendar(page, `?date=${slot.date}`);
    await card(page, id).focus();
    await page.keyboard.press('Space');
    // lifted before the next key: an arrow pressed while the page still handles the lift is lost (run AH)
    await page.locator(`[data-appointment="${id}"][data-dragging]`).waitFor();
    await page.keyboard.press('ArrowDown');
    // the lifted card's landing outline shows its new time before the drop
    await page.getByTestId('landing').getByText(`${time12(slot.startMin + 15)} - ${time12(slot.startMin + 45)}`).waitFor();
    await page.keyboard.press('Space');
    const moved = time12(slot.startMin + 15);
    await until(async () => (await startOf(id)) === moved, `the move to ${moved}`);
    expect(await startOf(id)).toBe(moved);
    await ctx.close();
  });

  it('when limited staff open the calendar, then there is no Book button and no appointment can be clicked or dragged, and before today they see only their own column', async () => {
    const limited = demoLogin('limited staff');
    const me = staff.find((e) => e.email === limited.login);
    const ctx = await newContext(browser, 'tablet');
    const page = await ctx.newPage();
    await signIn(page, 'limited staff');
    await openCalendar(page);
    expect(await page.getByRole('button', { name: 'Book', exact: true }).count()).toBe(0);
    expect(await page.locator('button[data-appointment]').count()).toBe(0);
    expect(await page.locator('[data-bookable]').count()).toBe(0);
    await shot(page, 'calendar-grid-tablet-limited-today');
    await page.goto(`/calendar/${STORE.permalink}?date=${isoDay(-1)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    if (me) {
      await page.locator('[data-col-body]').first().waitFor();
      expect(await headers(page)).toEqual([expect.stringMatching(new RegExp(`^${me.nickname}`, 'i'))]);
    } else {
      await page.getByText(/show only your own column/).waitFor();
    }
    await shot(page, 'calendar-grid-tablet-limited-yesterday');
    await ctx.close();
  });

  it('when an appointment is booked through the API, then a second browser showing that day sees it appear without reloading', async () => {
    const tomorrow = nextOpenDay();
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await signIn(page, 'owner');
    let joined = false;
    const heard: string[] = [];
    page.on('websocket', (w) =>
      w.on('framereceived', (f) => {
        const text = String(f.payload);
        if (text.includes(`"subscribed","channel":"store:${STORE.id}:appointment"`)) joined = true;
        if (text.includes('"type":"event"')) heard.push(text.slice(0, 160));
      }),
    );
    await openCalendar(page, `?date=${tomorrow}`);
    let reloaded = false;
    page.on('framenavigated', (f) => void (f === page.mainFrame() && (reloaded = true)));
    await until(async () => joined, "the relay's answer to the store's appointment channel");
    const working = workingOn(tomorrow);
    const id = await book(tomorrow, working[Math.min(1, working.length - 1)].id, '03:00 pm', '03:45 pm');
    // generous for a loaded machine: the event, the day's read again and the render
    await card(page, id).waitFor({ timeout: 30_000 }).catch((e) => {
      throw new Error(`${e}\nevents heard: ${heard.join('\n') || 'none'}`);
    });
    expect(reloaded).toBe(false);
    await ctx.close();
  });

  it(`when an owner opens ${DST_DAY} (the next spring-forward day in America/New_York) at a store open that Sunday, then the hours are the store's wall-clock hours and a 10:00 am appointment sits at the 10:00 am label`, async () => {
    // The demo store closes on Sundays, and a staff booking stays inside the store's hours (ruling 5): a store
    // of its own, open every day 9 am-7 pm in New York.
    const own = await bookableStore('dst', 'America/New_York');
    const customer = (await must('POST', 'customer', { storeId: own.id, fname: 'dana', lname: 'spring', phone: `267${String(Date.now()).slice(-7)}` }, own.ownerToken)).customer as { id: number };
    const id = (await must('POST', 'appointment', {
      storeId: own.id, staffId: own.staff.id, customerId: customer.id, serviceIds: String(own.service.id), date: DST_DAY, start: '10:00 am', end: '10:30 am', note: 'calendar-grid journey',
    }, own.ownerToken)).appointment.id as number;
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await loginAndSettle(page, own.ownerEmail, own.password);
    await chooseStore(page, { id: own.id, permalink: own.permalink, ownerId: own.ownerId });
    await page.goto(`/calendar/${own.permalink}?date=${DST_DAY}`);
    await page.locator('[data-col-body]').first().waitFor();
    // The grid starts at the earlier of the day's opening (9:00 am) and 10:00 am.
    const first = (await page.locator('.tb-grid-time').first().textContent())!.trim();
    expect(toMinutes(first)).toBe(9 * 60);
    const label = page.locator('.tb-grid-time', { hasText: /^10:00 am$/ });
    const [l, c] = [await label.boundingBox(), await card(page, id).boundingBox()];
    expect(Math.abs((c?.y ?? 0) - (l?.y ?? 1000))).toBeLessThan(12);
    await shot(page, 'calendar-grid-desktop-dst');
    await ctx.close();
  });
});

function toMinutes(t: string): number {
  const m = /^(\d{1,2}):(\d{2})\s*(am|pm)$/i.exec(t.trim());
  if (!m) throw new Error(`not a time: ${t}`);
  return ((Number(m[1]) % 12) + (m[3].toLowerCase() === 'pm' ? 12 : 0)) * 60 + Number(m[2]);
}

async function expectHeading(page: Page, date: string) {
  const d = new Date(`${date}T12:00:00Z`);
  const text = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(d);
  await page.getByRole('heading', { name: text }).waitFor();
}
