import type { Browser, Page } from 'playwright-core';
import { api, must } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { openDayAhead, type StoreWeek } from '../src/open-days';
import { loginAndSettle } from '../src/steps';

// Quick booking from a slot (issue 31 item 6, docs/decisions.md 'Quick booking from a slot'): on a 1024x768
// tablet the front desk books a walk-in from an empty slot in at most 5 actions and the card is on the grid;
// the full wizard opened from the panel carries what was typed and keeps Back and Next on screen. The slot is
// a free window of a working staff member on an open day ahead (any weekday, any hour); the journey removes
// what it booked.

jest.setTimeout(240_000);

const STORE = { id: 1, permalink: 'lotus-nail-spa' };
const TABLET = { width: 1024, height: 768 };

let browser: Browser;
let ownerToken = '';
let week: StoreWeek & { hours: Record<string, string> };
let staff: { id: number; nickname: string; archived: boolean; role: string; sortIndex: number }[] = [];
let service: { id: number; name: string; duration: number };
const created: number[] = [];

beforeAll(async () => {
  browser = await launch();
  const owner = demoLogin('owner');
  ownerToken = (await must('POST', 'login', { email: owner.login, password: owner.password })).access_token;
  week = (await must('GET', `getStoreByPermalink/${STORE.permalink}`, undefined, ownerToken)).stores[0];
  staff = ((await must('GET', `getStaffsByStoreId/${STORE.id}`, undefined, ownerToken)).employees as typeof staff)
    .filter((e) => !e.archived && e.role !== 'none' && e.role !== 'TBD')
    .sort((a, b) => a.sortIndex - b.sortIndex);
  const services = (await must('GET', `getServicesByStoreId/${STORE.id}`, undefined, ownerToken)).services as (typeof service & { status: string; type: string })[];
  service = services.find((s) => s.status === 'ON' && s.type !== 'EXTERNAL')!;
});

afterAll(async () => {
  for (const id of created) await api('GET', `removeAppointment/${id}`, undefined, ownerToken);
  await browser?.close();
});

/**
 * A working staff member's free start for the service, 11:00 am to 2:00 pm, on an open day from tomorrow on
 * (the demo seed and other journeys book the days ahead differently each day of the week).
 */
async function freeSlot(): Promise<{ date: string; staffId: number; startMin: number }> {
  for (let ahead = 1; ahead <= 7; ahead++) {
    const date = openDayAhead(week, ahead);
    for (const e of staff) {
      const res = await must('GET', `staffAvailability/${STORE.id}/${date}?serviceIds=${service.id}&staffId=${e.id}`, undefined, ownerToken);
      const free = (res.slots as { startMin: number; free: boolean }[]).find((s) => s.free && s.startMin >= 660 && s.startMin <= 840 && s.startMin % 15 === 0);
      if (free) return { date, staffId: e.id, startMin: free.startMin };
    }
  }
  throw new Error('no staff member has a free start from 11:00 am to 2:00 pm in the week ahead');
}

/** The day's shown range as the grid computes it: the open hours widened to any appointment outside them. */
async function shownRange(date: string): Promise<{ open: number; close: number }> {
  const day = await must('GET', `getAppointmentsByStoreIdAndDate/${STORE.id}/${date}`, undefined, ownerToken);
  const all = [...day.appointments, ...day.appointmentsNull, ...day.appointmentsCancel, ...day.appointmentsOnline] as { startMin: number; endMin: number }[];
  const [from, to] = week.hours[['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][new Date(`${date}T12:00:00Z`).getUTCDay()]].split('-').map(minutesOf);
  const open = Math.min(from, ...all.map((a) => a.startMin));
  const close = Math.max(to, ...all.map((a) => a.endMin));
  return { open: Math.floor(open / 15) * 15, close: Math.ceil(close / 15) * 15 };
}

function minutesOf(t: string): number {
  const m = /(\d+):(\d+)\s*(am|pm)/i.exec(t.trim())!;
  return (Number(m[1]) % 12) * 60 + Number(m[2]) + (m[3].toLowerCase() === 'pm' ? 720 : 0);
}

/**
 * Clicks a slot of a column: the column's height spread over the shown range. Through the locator, so
 * Playwright scrolls the point into view (the grid scrolls both ways), waits for the column to be still and
 * checks nothing covers it; the position is taken at click time, after any notice above the grid has moved it.
 */
function slotClick(page: Page, staffId: number, startMin: number, range: { open: number; close: number }) {
  // data-bookable: the column takes clicks once the signed-in role's access has loaded, which can be after it is drawn
  const column = page.locator(`[data-col-body="${staffId}"][data-bookable]`);
  const fraction = (startMin - range.open + 5) / (range.close - range.open);
  return async () => {
    await column.waitFor();
    const box = (await column.boundingBox())!;
    await column.click({ position: { x: box.width / 2, y: box.height * fraction } });
  };
}

async function signInAsFrontDesk(page: Page) {
  const desk = demoLogin('store login (front desk; kiosk mode)');
  await loginAndSettle(page, desk.login, desk.password);
}

/** The front desk's calendar on the day of a free slot, on a 1024x768 tablet or a phone, and how to click that slot. */
async function calendarAtFreeSlot(device: 'tablet' | 'phone') {
  const at = await freeSlot();
  const range = await shownRange(at.date);
  const ctx = await newContext(browser, device === 'tablet' ? 'desktop' : 'phone');
  const page = await ctx.newPage();
  if (device === 'tablet') await page.setViewportSize(TABLET);
  await signInAsFrontDesk(page);
  await page.goto(`/calendar/${STORE.permalink}?date=${at.date}`);
  return { at, ctx, page, clickSlot: slotClick(page, at.staffId, at.startMin, range) };
}

const time12 = (m: number) => `${String(Math.floor(m / 60) % 12 || 12).padStart(2, '0')}:${String(m % 60).padStart(2, '0')} ${m < 720 ? 'am' : 'pm'}`;

describe('quick booking from a slot', () => {
  it('when the front desk books a walk-in from an empty slot on a 1024x768 tablet, then it takes at most 5 actions and the card is on the grid', async () => {
    const tag = String(Date.now() % 1_000_000).padStart(6, '0');
    const name = `Quick${tag} Walkin`;
    const phone = `267${tag}4`;
    const { at, ctx, page, clickSlot } = await calendarAtFreeSlot('tablet');

    let actions = 0;
    const act = async (step: () => Promise<unknown>) => {
      actions += 1;
      await step();
    };
    const panel = page.getByRole('dialog', { name: 'Quick booking' });
    await act(clickSlot);
    await panel.waitFor();
    await expectText(panel.getByTestId('quick-slot'), time12(at.startMin));
    await act(() => panel.getByLabel(/Customer name/).fill(name));
    await act(() => panel.getByLabel('Phone').fill(phone));
    await act(() => panel.getByText(`${service.name} · ${service.duration} min`, { exact: true }).click());
    await shot(page, 'calendar-quick-booking-01-panel');
    await act(() => panel.getByRole('button', { name: 'Save' }).click());
    await panel.waitFor({ state: 'detached' });
    expect(actions).toBeLessThanOrEqual(5);

    const id = await bookedId(at.date, phone);
    created.push(id);
    const card = page.locator(`[data-col-body="${at.staffId}"] [data-appointment="${id}"]`);
    await card.waitFor();
    expect((await card.textContent())?.toLowerCase()).toContain(`quick${tag}`);
    await shot(page, 'calendar-quick-booking-02-on-the-grid');
    await ctx.close();
  });

  it('when a group of 3 goes on to the full booking from the panel on a 1024x768 tablet, then the wizard has what was typed and Back and Next stay on screen on its long pages', async () => {
    const tag = String(Date.now() % 1_000_000).padStart(6, '0');
    const { ctx, page, clickSlot } = await calendarAtFreeSlot('tablet');
    await clickSlot();
    const panel = page.getByRole('dialog', { name: 'Quick booking' });
    await panel.getByLabel(/Customer name/).fill(`Full${tag} Wizard`);
    await panel.getByLabel('Phone').fill(`267${tag}5`);
    await panel.getByLabel('People').fill('3');
    await panel.getByText(`${service.name} · ${service.duration} min`, { exact: true }).click();
    await panel.getByRole('button', { name: 'Full booking' }).click();

    // the dialog's name follows its page
    const dialog = page.getByRole('dialog');
    const next = dialog.getByRole('button', { name: 'Next', exact: true });
    await page.getByRole('dialog', { name: 'Group size' }).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Group size' }).inputValue()).toBe('3');
    await next.click();
    await dialog.getByRole('button', { name: 'New customer' }).click();
    expect(await dialog.getByRole('textbox', { name: 'First name' }).inputValue()).toBe(`Full${tag}`);
    await next.click();
    await page.getByRole('dialog', { name: 'Choose staff' }).waitFor();
    await next.click();
    // three people's services: the page is taller than the screen
    const services = page.getByRole('dialog', { name: 'Choose services' });
    await services.waitFor();
    const chosen = services.getByRole('checkbox', { name: new RegExp(`^${escape(service.name)} ·`) });
    expect(await chosen.count()).toBe(3);
    for (let i = 0; i < 3; i++) expect(await chosen.nth(i).isChecked()).toBe(true);
    await expectOnScreen(page, ['Back', 'Next']);
    await shot(page, 'calendar-quick-booking-03-wizard-group-services');
    await next.click();
    await page.getByRole('dialog', { name: 'Date and time' }).getByRole('radiogroup', { name: 'Start times' }).waitFor();
    await expectOnScreen(page, ['Back', 'Next']);
    await shot(page, 'calendar-quick-booking-04-wizard-times');
    await ctx.close();
  });

  it('when a slot is clicked on a phone, then the quick booking is a sheet from the bottom with Save on screen', async () => {
    const { ctx, page, clickSlot } = await calendarAtFreeSlot('phone');
    await clickSlot();
    const panel = page.getByRole('dialog', { name: 'Quick booking' });
    await panel.waitFor();
    await page.waitForTimeout(400); // the sheet slides in
    const sheet = (await panel.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.round(sheet.width)).toBe(viewport.width);
    expect(Math.round(sheet.y + sheet.height)).toBeLessThanOrEqual(viewport.height);
    expect(sheet.y).toBeGreaterThan(0);
    const save = (await panel.getByRole('button', { name: 'Save' }).boundingBox())!;
    expect(save.y + save.height).toBeLessThanOrEqual(viewport.height);
    await shot(page, 'calendar-quick-booking-05-phone-sheet');
    await ctx.close();
  });
});

/** Each button lies wholly inside the 768 px high screen. */
async function expectOnScreen(page: Page, names: string[]) {
  for (const name of names) {
    const box = await page.getByRole('dialog').getByRole('button', { name, exact: true }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(TABLET.height);
  }
}

async function expectText(locator: ReturnType<Page['locator']>, text: string) {
  expect(await locator.textContent()).toContain(text);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The appointment the panel booked: that date's, for the customer with this phone. */
async function bookedId(date: string, phone: string): Promise<number> {
  const day = await must('GET', `getAppointmentsByStoreIdAndDate/${STORE.id}/${date}`, undefined, ownerToken);
  const hit = (day.appointments as { id: number; customerPhone: string }[]).find((a) => a.customerPhone === phone);
  if (!hit) throw new Error(`no appointment on ${date} for ${phone}`);
  return hit.id;
}
