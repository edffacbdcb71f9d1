import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { api } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { expectVisible, loginAndSettle, signInOnce } from '../src/steps';

let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

type Appointment = { id: number; customerId: number; staffId: number; note: string; start: string; end: string; serviceIds: string };

/** A weekday some weeks ahead (Lotus is closed on Sundays), different per run so runs do not pile up. */
function futureDate(weeksAhead: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7 * weeksAhead + (Date.now() % 5));
  if (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

async function openCalendar(page: Page) {
  const owner = demoLogin('owner');
  await signInOnce(page, 'owner', () => loginAndSettle(page, owner.login, owner.password));
  await page.goto('/stores');
  await page.getByRole('link', { name: /lotus nail spa/i }).first().click();
  await page.waitForURL(/\/calendar\/lotus-nail-spa/);
  const token = (await page.evaluate(() => localStorage.getItem('access_token')))!;
  const storeId = Number(await page.evaluate(() => localStorage.getItem('store_id')));
  return { token, storeId };
}

const dialog = (page: Page) => page.getByRole('dialog');
const next = (page: Page) => dialog(page).getByRole('button', { name: 'Next', exact: true }).click();

/** Staff, a service per person, the date and the first free start (conflicts are marked, not taken here). */
async function staffServicesAndTime(page: Page, people: number, date: string, prefix: string, conflictAt?: string) {
  await dialog(page).getByRole('radio', { name: /^linh$/i }).check();
  await shot(page, `${prefix}-staff`);
  await next(page);
  const services = [/Classic Manicure/, /Classic Pedicure/, /Polish Change/];
  if (people === 1) await dialog(page).getByRole('checkbox', { name: services[0] }).check();
  else
    for (let p = 0; p < people; p++)
      await dialog(page).getByRole('group', { name: `Person ${p + 1}` }).getByRole('checkbox', { name: services[p % services.length] }).check();
  await shot(page, `${prefix}-services`);
  await next(page);
  await dialog(page).getByLabel('Date').fill(date);
  const free = dialog(page).getByRole('radiogroup', { name: 'Start times' }).getByRole('radio', { name: /^\d\d:\d\d [ap]m$/ });
  await free.first().waitFor();
  if (conflictAt) await dialog(page).getByRole('radio', { name: `${conflictAt}, conflict` }).waitFor();
  const start = (await free.first().textContent())!.trim();
  await free.first().click();
  await shot(page, `${prefix}-time`);
  await next(page);
  return start;
}

async function dayOf(storeId: number, date: string, token: string): Promise<Appointment[]> {
  const res = await api('GET', `getAppointmentsByStoreIdAndDate/${storeId}/${date}`, undefined, token);
  expect(res.status).toBe(200);
  return res.body.appointments as Appointment[];
}

// Each test walks the whole wizard with a shot (and axe) per page: longer than the default on a busy machine.
const WALK_MS = 300_000;

describe('booking from the calendar', () => {
  const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
  const fname = `Wiz${suffix}`;
  const phone = `267${suffix}1`;

  it('when the owner books an individual for a new customer on a tablet, then the appointment is stored with the lowercased customer', async () => {
    const ctx = await newContext(browser, 'tablet');
    const page = await ctx.newPage();
    const { token, storeId } = await openCalendar(page);
    const date = futureDate(3);
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Individual' }).click();
    await shot(page, 'calendar-booking-tablet-kind');
    await dialog(page).getByRole('button', { name: 'New customer' }).click();
    await dialog(page).getByRole('textbox', { name: 'First name' }).fill(fname);
    await dialog(page).getByRole('textbox', { name: 'Last name' }).fill('Tablet');
    await dialog(page).getByRole('textbox', { name: 'Phone' }).fill(phone);
    await shot(page, 'calendar-booking-tablet-new-customer');
    await next(page);
    const start = await staffServicesAndTime(page, 1, date, 'calendar-booking-tablet');
    await dialog(page).getByRole('textbox', { name: 'Notes' }).fill('e2e individual');
    await shot(page, 'calendar-booking-tablet-notes');
    await dialog(page).getByRole('button', { name: 'Finish' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    const mine = (await dayOf(storeId, date, token)).filter((a) => a.note === 'e2e individual' && a.start === start);
    expect(mine).toHaveLength(1);
    const customer = await api('GET', `customer/${mine[0].customerId}`, undefined, token);
    expect(customer.body.customer).toMatchObject({ fname: fname.toLowerCase(), lname: 'tablet', phone });
    await ctx.close();
  }, WALK_MS);

  it('when the owner books a group of 3 for a found customer on a desktop, then there is one appointment per person with the group note', async () => {
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    const { token, storeId } = await openCalendar(page);
    const date = futureDate(4);
    const contactPhone = `215${suffix}2`;
    const contact = await api('POST', 'customer', { storeId, fname: `Grp${suffix}`, lname: 'Contact', phone: contactPhone, email: '' }, token);
    expect(contact.status).toBe(201);
    // Linh already has 10:00 am that day: the wizard marks it as a conflict.
    const staff = (await api('GET', `getStaffsByStoreId/${storeId}`, undefined, token)).body.employees as Array<{ id: number; nickname: string; fname: string }>;
    const linh = staff.find((e) => /^linh$/i.test(e.nickname || e.fname))!;
    const services = (await api('GET', `getServicesByStoreId/${storeId}`, undefined, token)).body.services as Array<{ id: number; name: string }>;
    const manicure = services.find((x) => x.name === 'Classic Manicure')!;
    const earlier = await api('POST', 'appointment', {
      storeId, staffId: linh.id, customerId: contact.body.customer.id, serviceIds: String(manicure.id), date, start: '10:00 am', end: '10:30 am', note: 'e2e earlier',
    }, token);
    expect(earlier.status).toBe(201);
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Group' }).click();
    await dialog(page).getByRole('button', { name: '3', exact: true }).click();
    await expectVisible(page, /Need Credit card information for group from 3 and up\./);
    await shot(page, 'calendar-booking-desktop-group-size');
    await next(page);
    await dialog(page).getByRole('button', { name: 'Search customer' }).click();
    await dialog(page).getByRole('textbox', { name: 'Name, phone or email' }).fill(contactPhone);
    await dialog(page).getByRole('radio', { name: new RegExp(`Grp${suffix} contact`, 'i') }).check();
    await shot(page, 'calendar-booking-desktop-contact');
    await next(page);
    const start = await staffServicesAndTime(page, 3, date, 'calendar-booking-desktop', '10:00 am');
    await expectVisible(page, /group size: 3/);
    // a group of 3 holds a card on file (docs/product/deposits.md): the local test card saves one
    await dialog(page).getByRole('button', { name: 'Save card' }).click();
    await expectVisible(page, /ending 4242 is on file/);
    await dialog(page).getByRole('button', { name: 'Finish' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    const group = (await dayOf(storeId, date, token)).filter((a) => a.start === start && a.note === 'group size: 3');
    expect(group).toHaveLength(3);
    expect(group.every((a) => a.customerId === contact.body.customer.id)).toBe(true);
    // each person ends after their own service: Classic Manicure 30, Classic Pedicure 45, Polish Change 15 minutes
    expect(new Set(group.map((a) => a.end)).size).toBe(3);
    await ctx.close();
  }, WALK_MS);

  it("when the owner searches Store Details' Book appointment, then the open start times are listed", async () => {
    for (const viewport of ['tablet', 'desktop'] as const) {
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await openCalendar(page);
      await page.goto('/store/lotus-nail-spa');
      await page.getByRole('button', { name: 'Book appointment' }).click();
      // The 15th of the month after the store's today, where the picker opens (the 16th when that is a
      // Sunday, Lotus's closed day), picked on the calendar. The store's month, not UTC's: at 11:55 pm on
      // 31 December in New York it is already January in UTC.
      const fifteenth = DateTime.now().setZone('America/New_York').startOf('month').plus({ months: 1 }).set({ day: 15 });
      const pick = fifteenth.weekday === 7 ? fifteenth.plus({ days: 1 }) : fifteenth;
      const label = `${pick.day} ${pick.setLocale('en-US').toFormat('LLLL')} ${pick.year}`;
      await dialog(page).getByRole('button', { name: 'Date' }).click();
      await page.getByRole('button', { name: 'Next month' }).click();
      await page.getByRole('button', { name: label, exact: true }).click();
      await dialog(page).getByRole('checkbox', { name: /Gel Manicure/ }).check();
      await dialog(page).getByRole('button', { name: 'Search' }).click();
      const times = dialog(page).getByRole('list', { name: 'Available start times' }).getByRole('listitem');
      await times.first().waitFor();
      expect(await times.count()).toBeGreaterThan(0);
      await shot(page, `calendar-booking-${viewport}-store-details`);
      await ctx.close();
    }
  }, WALK_MS);
});
