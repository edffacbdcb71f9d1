import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { api } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { opensOn, worksOn, type StoreWeek } from '../src/open-days';
import { loginAndSettle, pickDay } from '../src/steps';

// The owner of the demo store 'lotus-nail-spa' reports on today and the next two days, after the journey
// books one appointment on two of those days the store opens (the next two, unless one is a Sunday) through
// the API and checks the first out (removed afterwards).
const STORE_ID = 1;
const ZONE = 'America/New_York';
const isoDay = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + offset * 86_400_000));
const today = isoDay(0);
const last = isoDay(2);

let browser: Browser;
let token = '';
const created: number[] = [];
beforeAll(async () => {
  browser = await launch();
  const owner = demoLogin('owner');
  token = (await api('POST', 'login', { email: owner.login, password: owner.password })).body.access_token as string;
  const staff = (await api('GET', `getStaffsByStoreId/${STORE_ID}`, undefined, token)).body.employees.filter((e: { archived: boolean; role: string }) => !e.archived && e.role !== 'none' && e.role !== 'TBD') as Array<{ id: number; dayOff?: string }>;
  const customerId = (await api('GET', `getCustomersByStoreId/${STORE_ID}`, undefined, token)).body.customers[0].id;
  const services = (await api('GET', `getServicesByStoreId/${STORE_ID}`, undefined, token)).body.services;
  const serviceIds = String(services.find((s: { status: string; type: string }) => s.status === 'ON' && s.type !== 'EXTERNAL').id);
  // Two of the report's three days the store opens (it closes on Sundays), at a time inside every open day's
  // hours (a staff booking stays inside them, ruling 5).
  const { hours } = (await api('GET', `public_getStoreByPermalink/lotus-nail-spa`)).body.stores[0] as StoreWeek;
  const open = [isoDay(1), last, today].filter((date) => opensOn({ timezone: ZONE, hours }, date)).slice(0, 2);
  for (const [i, date] of open.entries()) {
    // a staff member who works that date (a weekly day off is refused, ruling 5)
    const working = staff.filter((e) => worksOn(date, e));
    const res = await api('POST', 'appointment', { storeId: STORE_ID, staffId: working[i % working.length].id, customerId, serviceIds, date, start: '10:00 am', end: '10:30 am', note: 'reports journey' }, token);
    if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`);
    created.push(res.body.appointment.id);
  }
  // Reports count checked-out sales only (docs/product/reports.md): one of the two is checked out.
  const paid = await api('PATCH', `appointment/${created[0]}`, { note: 'reports journey', sale: 30 }, token);
  if (paid.status !== 200) throw new Error(`check-out failed: ${paid.status} ${JSON.stringify(paid.body)}`);
});
afterAll(async () => {
  for (const id of created) await api('DELETE', `appointment/${id}`, undefined, token);
  await browser?.close();
});

/** A day's label on the calendar ('23 November 2026'). */
const label = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${y}`;
};
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('reports', () => {
  it('when the owner runs a report for a date range, then the totals and the chart show and the CSV downloads with the same figures', async () => {
    const owner = demoLogin('owner');
    const from = today;
    const expected = await api('GET', `getReportByStoreIdAndRange/${STORE_ID}?from=${from}&to=${last}`, undefined, token);
    expect(expected.status).toBe(200);
    expect(expected.body.totalCents).toBeGreaterThan(0);

    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await loginAndSettle(page, owner.login, owner.password);
    await page.goto('/stores');
    await page.getByRole('link', { name: /lotus nail spa/i }).first().click();
    await page.waitForURL(/\/calendar\//);
    await page.goto('/reports');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await pickDay(page, label(from));
    await pickDay(page, label(last));
    await page.getByRole('button', { name: 'Run Reports' }).click();

    await page.getByText(`Total store revenue: ${money(expected.body.totalCents)}`).waitFor();
    const table = page.getByRole('table', { name: 'Report' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(expected.body.rows.length);
    await page.getByRole('img', { name: /Chart of each day's income/ }).locator('svg').first().waitFor();
    await shot(page, 'reports-desktop-range');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`report-${from}-${last}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Date,.*,Unassigned,Cancelled,Total$/);
    expect(lines).toHaveLength(expected.body.rows.length + 2);
    expect(lines.at(-1)!.split(',').at(-1)).toBe((expected.body.totalCents / 100).toFixed(2));
    await ctx.close();
  });
});
