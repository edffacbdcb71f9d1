import type { Browser, Page } from 'playwright-core';
import { api } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { chooseStore, loginAndSettle, pickDay, signInOnce } from '../src/steps';
import { displayName } from '@turnbook/domain/text/names';
import { inTurn } from '../src/in-turn';
import { worksOn } from '../src/open-days';

// Who sees what of an appointment (docs/product/roles.md) and what a report counts as money
// (docs/product/reports.md), on the demo store 'lotus-nail-spa', on a tablet and a phone (and a 1440 px laptop
// for the reports table): limited staff see colleagues' appointments with their customers from today on
// (not the sale, and they cannot open them), staff see the sale of their own appointments, reports count
// only checked-out sales. The journey books its own appointments
// through the API and removes them afterwards.

const STORE = { id: 1, permalink: 'lotus-nail-spa' };
const ZONE = 'America/New_York';
type Staff = { id: number; nickname: string; fname: string; email: string; userId: number | null; sortIndex: number; role: string; archived: boolean; dayOff?: string };

let browser: Browser;
let ownerToken = '';
let ownerId = 0;
let staff: Staff[] = [];
let customerId = 0;
let customerName = '';
let service = { id: 0, duration: 30, name: '' };
const created: number[] = [];

const isoDay = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + offset * 86_400_000));
const time12 = (min: number) => {
  const h = Math.floor(min / 60);
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(min % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
};
const byEmail = (role: string) => {
  const e = staff.find((x) => x.email === demoLogin(role).login);
  if (!e) throw new Error(`the demo store has no staff member for ${role}`);
  return e;
};

/** The first free start of a staff member from the day `from` days ahead (staff booking: in the store's hours, in the future). */
async function freeStart(staffId: number, from: number): Promise<{ date: string; startMin: number }> {
  for (let offset = from; offset < from + 14; offset++) {
    const date = isoDay(offset);
    const res = await api('GET', `staffAvailability/${STORE.id}/${date}?serviceIds=${service.id}&staffId=${staffId}`, undefined, ownerToken);
    const slot = ((res.body?.slots ?? []) as Array<{ startMin: number; free: boolean }>).find((s) => s.free);
    if (slot) return { date, startMin: slot.startMin };
  }
  throw new Error(`no free start for staff ${staffId}`);
}

async function book(staffId: number, at: { date: string; startMin: number }, note = 'visibility journey'): Promise<number> {
  const body = { storeId: STORE.id, staffId, customerId, serviceIds: String(service.id), date: at.date, start: time12(at.startMin), end: time12(at.startMin + service.duration), note };
  const res = await api('POST', 'appointment', body, ownerToken);
  if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`);
  created.push(res.body.appointment.id);
  return res.body.appointment.id;
}
const checkOut = async (id: number, sale: number) => {
  const res = await api('PATCH', `appointment/${id}`, { note: 'visibility journey', sale }, ownerToken);
  if (res.status !== 200) throw new Error(`check-out failed: ${res.status} ${JSON.stringify(res.body)}`);
};

beforeAll(async () => {
  browser = await launch();
  const owner = demoLogin('owner');
  const res = await api('POST', 'login', { email: owner.login, password: owner.password });
  ownerToken = res.body.access_token;
  ownerId = res.body.user.id;
  staff = ((await api('GET', `getStaffsByStoreId/${STORE.id}`, undefined, ownerToken)).body.employees as Staff[])
    .filter((e) => !e.archived && e.role !== 'none' && e.role !== 'TBD')
    .sort((a, b) => a.sortIndex - b.sortIndex || a.id - b.id);
  const customer = (await api('GET', `getCustomersByStoreId/${STORE.id}`, undefined, ownerToken)).body.customers[0] as { id: number; fname: string; lname: string };
  customerId = customer.id;
  customerName = [customer.fname, customer.lname].filter(Boolean).join(' ');
  const services = (await api('GET', `getServicesByStoreId/${STORE.id}`, undefined, ownerToken)).body.services as Array<{ id: number; name: string; status: string; type: string; duration: number }>;
  const s = services.find((x) => x.status === 'ON' && x.type !== 'EXTERNAL')!;
  service = { id: s.id, duration: s.duration, name: s.name };
});

afterAll(async () => {
  for (const id of created) await api('GET', `removeAppointment/${id}`, undefined, ownerToken);
  await browser?.close();
});

async function signIn(page: Page, role: string) {
  await signInOnce(page, role, async () => {
    const l = demoLogin(role);
    await loginAndSettle(page, l.login, l.password);
    await chooseStore(page, { id: STORE.id, permalink: STORE.permalink, ownerId });
  });
}
const card = (page: Page, id: number) => page.locator(`[data-appointment="${id}"]`);
const headers = (page: Page) => page.locator('[data-testid^="column-"]').allTextContents();

describe('limited staff in the present', () => {
  for (const { viewport, myTurn } of inTurn(['tablet', 'phone'] as const)) {
    if (myTurn()) it(`when a limited staff member opens today on a ${viewport}, then colleagues' appointments show their customer and services (no sale, not clickable); before today only their own column`, async () => {
      const tina = byEmail('limited staff');
      const anna = byEmail('staff');
      // a colleague's appointment today when one can still be booked, else on the next open day (also the present)
      const at = await freeStart(anna.id, 0);
      const id = await book(anna.id, at);
      await checkOut(id, 46);
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signIn(page, 'limited staff');
      await page.goto(`/calendar/${STORE.permalink}${at.date === isoDay(0) ? '' : `?date=${at.date}`}`);
      await card(page, id).waitFor({ state: 'attached' });
      const theirs = card(page, id);
      // as a staff member sees it: customer, time and services; the sale is the colleague's own
      // (the compact card: 'Olivia Smith, Classic Manicure, 1:15–1:45 pm'; its title has the time in full)
      const shownName = displayName(customerName);
      const full = (m: number) => time12(m).replace(/^0/, '');
      expect(await theirs.getAttribute('title')).toBe(`${shownName}, ${service.name}, ${full(at.startMin)} - ${full(at.startMin + service.duration)}`);
      expect(await theirs.getAttribute('data-tone')).toBe('plain');
      expect(await theirs.evaluate((el) => el.tagName)).toBe('DIV');
      expect(await theirs.evaluate((el) => el.closest('[data-col-body]')?.getAttribute('data-col-body'))).toBe(String(anna.id));
      // every colleague's column is drawn, no appointment reads as a bare time, and none opens
      expect((await headers(page)).length).toBeGreaterThan(1);
      expect(await page.locator('[data-appointment]').filter({ hasText: /^Busy/ }).count()).toBe(0);
      expect(await page.locator('button[data-appointment]').count()).toBe(0);
      await theirs.scrollIntoViewIfNeeded();
      await shot(page, `visibility-${viewport}-limited-present`);
      // before today: their own column only
      await page.goto(`/calendar/${STORE.permalink}?date=${isoDay(-1)}`);
      await page.locator('[data-col-body]').first().waitFor();
      expect(await headers(page)).toEqual([expect.stringMatching(new RegExp(`^${tina.nickname || tina.fname}`, 'i'))]);
      expect(await page.locator('[data-col-body]').count()).toBe(1);
      await shot(page, `visibility-${viewport}-limited-yesterday`);
      await ctx.close();
    });
  }
});

describe("a staff member's own sale", () => {
  for (const { viewport, myTurn } of inTurn(['tablet', 'phone'] as const, { from: 1 })) {
    if (myTurn()) it(`when a staff member opens their checked-out appointment on a ${viewport}, then the card and the details show its sale and their name, and History names the sale`, async () => {
      const anna = byEmail('staff');
      const at = await freeStart(anna.id, 1);
      const id = await book(anna.id, at);
      await checkOut(id, 46);
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signIn(page, 'staff');
      await page.goto(`/calendar/${STORE.permalink}?date=${at.date}`);
      await card(page, id).waitFor();
      expect(await card(page, id).textContent()).toContain('$46.00');
      expect(await card(page, id).getAttribute('data-tone')).toBe('sale');
      await card(page, id).scrollIntoViewIfNeeded();
      await shot(page, `visibility-${viewport}-own-sale-card`);
      await card(page, id).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('$46.00').waitFor();
      await dialog.getByText(new RegExp(`^${anna.nickname || anna.fname}$`, 'i')).waitFor();
      expect(await dialog.getByText(/^Staff \d+$/).count()).toBe(0);
      // the tap that opened the card leaves the pointer over the dialog's buttons: a hover colour is not the screen
      await page.mouse.move(1, 1);
      await shot(page, `visibility-${viewport}-own-sale-details`);
      await dialog.getByRole('button', { name: 'History' }).click();
      await dialog.getByText('Appointment checked out (sale 46)').waitFor();
      await shot(page, `visibility-${viewport}-own-sale-history`);
      await ctx.close();

      // The others: the front desk and a colleague see the name, never the sale, not in History either.
      const desk = demoLogin('store login (front desk; kiosk mode)');
      const deskToken = (await api('POST', 'storeLogin', { username: desk.login, password: desk.password })).body.access_token as string;
      const limited = demoLogin('limited staff');
      const tinaToken = (await api('POST', 'login', { email: limited.login, password: limited.password })).body.access_token as string;
      const details = (await api('GET', `getAppointmentsById/${id}`, undefined, deskToken)).body.appointments[0];
      expect(details).toMatchObject({ sale: null, userFname: expect.stringMatching(/\w/) });
      for (const token of [deskToken, tinaToken]) {
        const history = await api('GET', `getStoreLogsByAppointmentId/${id}`, undefined, token);
        expect(history.status).toBe(200);
        expect(JSON.stringify(history.body)).not.toMatch(/sale 46|"sale":46/);
      }
    });
  }
});

describe('reports count the money that came in', () => {
  /** A day's label on the date picker ('23 November 2026'). */
  const label = (date: string) => {
    const [y, m, d] = date.split('-').map(Number);
    return `${d} ${new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${y}`;
  };
  let day = '';
  let expected = 0;
  let annaExpected = 0;
  beforeAll(async () => {
    // One day ahead with a checked-out appointment, one booked and not checked out, one cancelled, next to the
    // seed's pending and approved online requests of that day: only the check-out is money.
    const anna = byEmail('staff');
    const at = await freeStart(anna.id, 1);
    day = at.date;
    // a colleague who works that day (a weekly day off is refused, ruling 5)
    const other = staff.find((e) => e.id !== anna.id && worksOn(day, e))!;
    const paid = await book(anna.id, at);
    await checkOut(paid, 46);
    await book(other.id, { date: day, startMin: at.startMin });
    const cancelled = await book(anna.id, { date: day, startMin: at.startMin });
    await api('GET', `cancelAppointment/${cancelled}`, undefined, ownerToken);
    const read = (await api('GET', `getAppointmentsByStoreIdAndDate/${STORE.id}/${day}`, undefined, ownerToken)).body;
    const all = ([...read.appointments, ...read.appointmentsNull, ...read.appointmentsOnline] as Array<{ sale: number; status: string; staffId: number }>).filter((a) => a.status !== 'CANCEL');
    const cents = (list: typeof all) => list.reduce((s, a) => s + Math.round(a.sale * 100), 0);
    expected = cents(all);
    annaExpected = cents(all.filter((a) => a.staffId === anna.id));
  });

  it('when the owner reports on a day with pending, approved, booked, cancelled and checked-out appointments, then the revenue is the checked-out sales alone', async () => {
    const r = (await api('GET', `getReportByStoreIdAndRange/${STORE.id}?from=${day}&to=${day}`, undefined, ownerToken)).body;
    expect(expected).toBeGreaterThanOrEqual(4600);
    expect(r.totalCents).toBe(expected);
    expect(r.rows[0].incomeCents[String(byEmail('staff').id)]).toBe(annaExpected);
  });

  for (const viewport of ['laptop', 'tablet', 'phone'] as const) {
    it(`when the owner runs that day's report on a ${viewport}, then the revenue shows${viewport === 'laptop' ? ' and the table shows Unassigned, Cancelled and Total without scrolling sideways' : ''}`, async () => {
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signIn(page, 'owner');
      await page.goto('/reports');
      await page.getByRole('heading', { name: 'Reports' }).waitFor();
      await pickDay(page, label(day));
      await page.getByRole('button', { name: 'Run Reports' }).click();
      await page.getByText(`Total store revenue: $${(expected / 100).toFixed(2)}`).waitFor();
      const region = page.getByRole('region', { name: 'Report table' });
      await region.waitFor();
      if (viewport === 'laptop') {
        const { scroll, client } = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(scroll).toBeLessThanOrEqual(client);
        for (const name of ['Unassigned', 'Cancelled', 'Total']) {
          const box = await region.getByRole('columnheader', { name: new RegExp(`^${name}`) }).boundingBox();
          expect(box && box.x + box.width).toBeLessThanOrEqual(1440);
        }
      }
      await region.scrollIntoViewIfNeeded();
      await shot(page, `visibility-${viewport}-reports-revenue`);
      await ctx.close();
    });
  }
});
