import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { must } from '../src/api';
import { bookableStore, type BookableStore } from '../src/bookable-store';
import { launch, newContext, shot } from '../src/browser';
import { everyDay, openDayAhead } from '../src/open-days';
import { loginAndSettle, pickDay } from '../src/steps';

// A franchise owner with two locations of their own (stores nobody else reads): one checked-out appointment
// at each on the next open day, then the owner switches between the locations from the header and runs the
// consolidated report over today and that day. In the `own` lane (lanes.cjs): the revenue it sums is of its
// own stores, which no other file reads or writes.
const EVERY_DAY = everyDay('9:00 am-7:00 pm');
const ZONE = 'America/New_York';

let browser: Browser;
let first: BookableStore;
let second: { id: number; name: string; permalink: string; staff: { id: number; nickname: string } };
let day = '';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** One appointment at `storeId` on `day`, checked out for `sale` dollars (reports count checked-out sales). */
async function checkedOut(storeId: number, staffId: number, serviceId: number, sale: number, token: string) {
  const customerId = (await must('POST', 'customer', { storeId, fname: 'franchise', lname: 'guest', phone: `215555${String(storeId).slice(-4).padStart(4, '0')}` }, token)).customer.id;
  const booked = (await must('POST', 'appointment', { storeId, staffId, customerId, serviceIds: String(serviceId), date: day, start: '10:00 am', end: '10:30 am', note: 'franchise journey' }, token)).appointment;
  await must('PATCH', `appointment/${booked.id}`, { note: 'franchise journey', sale }, token);
}

beforeAll(async () => {
  browser = await launch();
  first = await bookableStore('franchise', ZONE);
  const tag = first.deskUsername.split('-').at(-1);
  const store = (await must('POST', 'store', {
    name: `franchise uptown ${tag}`, street: '2 market street', city: 'philadelphia', state: 'PA', zip: '19103', email: `uptown-${tag}@example.com`,
    phone: '2155550189', username: `franchise-uptown-${tag}`, password: first.password, password_confirmation: first.password, hours: EVERY_DAY, timezone: ZONE,
  }, first.ownerToken)).store;
  const staff = (await must('POST', 'staff', { hasAccount: 'noAccount', nickname: `uptown${tag}`, storeId: store.id }, first.ownerToken)).employee;
  const service = (await must('POST', 'service', { storeId: store.id, name: 'uptown manicure', duration: 30, icon: 1, price: 45.5 }, first.ownerToken)).service;
  second = { id: store.id, name: store.name, permalink: store.permalink, staff: { id: staff.id, nickname: `uptown${tag}` } };
  day = openDayAhead({ timezone: ZONE, hours: EVERY_DAY }, 1);
  await checkedOut(first.id, first.staff.id, first.service.id, 30, first.ownerToken);
  await checkedOut(second.id, second.staff.id, service.id, 45.5, first.ownerToken);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** A day's label on the date picker ('23 November 2026'). */
const label = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${y}`;
};

describe('a franchise owner', () => {
  it('when they switch between their two locations from the header and run the consolidated report, then each screen follows the location and the report sums both', async () => {
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await loginAndSettle(page, first.ownerEmail, first.password);
    await page.goto('/stores');
    await page.getByRole('link', { name: new RegExp(first.name, 'i') }).first().click();
    await page.waitForURL(new RegExp(`/calendar/${first.permalink}`));
    // The switch comes at once, maybe while the calendar module still loads and /stores is still drawn: it
    // must open the other location's calendar all the same (location-switcher.tsx; run BC, docs/testing.md).

    // The calendar: the other location is one choice away, without going back to /stores.
    const switcher = page.getByRole('combobox', { name: 'Location' });
    await switcher.selectOption(String(second.id));
    await page.waitForURL(new RegExp(`/calendar/${second.permalink}$`));
    await page.getByText(second.staff.nickname, { exact: false }).first().waitFor();
    await shot(page, 'franchise-calendar-switched');
    await switcher.selectOption(String(first.id));
    await page.waitForURL(new RegExp(`/calendar/${first.permalink}$`));
    // its day drawn: the calendar has made it the chosen store, which the next page load starts from
    await page.getByText(first.staff.nickname, { exact: false }).first().waitFor();

    // A store screen follows the location too: the staff list of one, then of the other.
    await page.goto('/staffs');
    await page.getByText(first.staff.nickname, { exact: false }).first().waitFor();
    await page.getByRole('combobox', { name: 'Location' }).selectOption(String(second.id));
    await page.getByText(second.staff.nickname, { exact: false }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/staffs');

    // The consolidated report from the menu: both locations, today to the booked day.
    await page.getByRole('link', { name: 'Franchise Report' }).first().click();
    await page.getByRole('heading', { name: 'Franchise Report' }).waitFor();
    expect(await page.getByRole('checkbox', { name: /franchise/i }).count()).toBe(2);
    await pickDay(page, label(today));
    await pickDay(page, label(day));
    await page.getByRole('button', { name: 'Run Reports' }).click();

    await page.getByText('Total revenue, 2 locations: $75.50').waitFor();
    const table = page.getByRole('table', { name: 'Report' });
    expect(await table.locator('tbody tr').count()).toBe(2);
    const staffRows = page.getByRole('table', { name: 'Revenue per staff member' }).locator('tbody tr');
    expect(await staffRows.allTextContents()).toEqual([expect.stringContaining('$30.00'), expect.stringContaining('$45.50')]);
    await page.getByRole('img', { name: /Chart of each day's income/ }).locator('svg').first().waitFor();
    await shot(page, 'franchise-report');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`franchise-report-${today}-${day}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
    expect(lines.at(-1)).toBe('Total,30.00,45.50,75.50');
    await ctx.close();
  });
});
