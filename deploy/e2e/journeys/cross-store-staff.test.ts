import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { api, must, uniqueEmail } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { everyDay, openDayAhead } from '../src/open-days';
import { chooseStore, loginAndSettle, registerVerified } from '../src/steps';

// Issue 35 item 2: a staff member who works at two stores (one account, a staff record at each) is one
// person. Booked at store A, they are not offered online at store B for the same time, while the rest of
// their day at B still is. Two stores of their own (one owner), so no other file's counts move: the own
// lane (deploy/e2e/lanes.cjs).

const PASSWORD = 'Cross-store-pass-1';
const TAG = randomBytes(3).toString('hex');
const ZONE = 'America/New_York';
const EVERY_DAY = everyDay('9:00 am-7:00 pm');

let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

/** A professional account (registered and activated through the mailbox, as a person would) and its token. */
async function professional(name: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(`cross-${name}`);
  await registerVerified(email, PASSWORD);
  return { email, token: (await must('POST', 'login', { email, password: PASSWORD })).access_token as string };
}

/** A store of the owner's, open every day, with one service booked online and the staff member working there. */
async function storeWith(owner: string, staff: { email: string; token: string }, name: string) {
  const slug = name.toLowerCase().replace(/\W+/g, '-');
  const store = (await must('POST', 'store', {
    name: `${name} ${TAG}`, street: '3 market street', city: 'philadelphia', state: 'PA', zip: '19102', email: `${slug}-${TAG}@example.com`,
    phone: `267${String(Date.now()).slice(-7)}`, username: `${slug}-desk-${TAG}`, password: PASSWORD, password_confirmation: PASSWORD, hours: EVERY_DAY, timezone: ZONE,
  }, owner)).store as { id: number; permalink: string; name: string; ownerId: number };
  const service = (await must('POST', 'service', { storeId: store.id, name: 'Cross manicure', duration: 30, icon: 1, price: 25, type: 'ALL' }, owner)).service as { id: number; name: string };
  const invited = await must('POST', 'staff', { hasAccount: 'hasAccount', email: staff.email, storeId: store.id }, owner);
  const employee = (await must('POST', `staff-invitation/${invited.invitation.id}/accept`, {}, staff.token)).employee as { id: number };
  await must('POST', `updateEmployeeOnlineBooking/${employee.id}`, { online_booking: 'ON' }, owner);
  return { ...store, serviceId: service.id, serviceName: service.name, staffId: employee.id };
}

/** Availability may read a copy of the day a moment old (several instances): ask again for a while. */
async function eventually(check: () => Promise<boolean>, what: string, ms = 15_000) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const dayName = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });

describe('a staff member who works at two stores', () => {
  it('when they are booked at store A at 11:00, then the booking page of store B does not offer them at 11:00 that day but offers their other times, and their own calendar lists their day at both stores', async () => {
    const owner = await professional('owner');
    const staff = await professional('staff');
    const a = await storeWith(owner.token, staff, 'Cross Alpha');
    const b = await storeWith(owner.token, staff, 'Cross Beta');
    const date = openDayAhead({ timezone: ZONE, hours: EVERY_DAY }, 2);
    const freeAtB = async () =>
      ((await must('GET', `availability/${b.id}/${date}?serviceIds=${b.serviceId}&staffId=${b.staffId}`, undefined)).slots as Array<{ start: string; free: boolean }>)
        .filter((s) => s.free).map((s) => s.start);
    expect(await freeAtB()).toContain('11:00 am');

    const customer = (await must('POST', 'customer', { storeId: a.id, fname: 'cara', lname: 'cross', phone: `215${String(Date.now() + 7).slice(-7)}` }, owner.token)).customer as { id: number };
    const booked = await must('POST', 'appointment', { storeId: a.id, staffId: a.staffId, customerId: customer.id, serviceIds: String(a.serviceId), date, start: '11:00 am', end: '11:30 am' }, owner.token);
    await eventually(async () => !(await freeAtB()).includes('11:00 am'), "store B to stop offering 11:00");
    expect(await freeAtB()).toContain('11:30 am');

    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto(`/booking/${b.permalink}`);
    await page.getByRole('region', { name: 'Services' }).getByRole('button', { name: new RegExp(`^Book ${b.serviceName}`) }).click();
    const choices = page.getByRole('dialog', { name: 'Book an appointment' });
    // store B's one staff member: the person (registered as Pat)
    await choices.getByRole('radio', { name: /^pat$/i }).click();
    const strip = choices.getByRole('radiogroup', { name: 'Day' });
    await strip.getByRole('radio', { name: new RegExp(`^${dayName(date)}: \\d+ times?$`) }).click();
    await choices.getByRole('button', { name: 'Search' }).click();
    const times = page.getByRole('dialog', { name: 'Choose a time' });
    await times.getByText('11:30 am', { exact: true }).waitFor();
    await shot(page, 'cross-store-staff-desktop-times-at-b');
    expect(await times.getByText('10:30 am', { exact: true }).count()).toBe(1);
    expect(await times.getByText('11:00 am', { exact: true }).count()).toBe(0);
    await ctx.close();

    // Their own calendar at store A shows their day across both stores, each appointment with its store.
    const atB = await must('POST', 'appointment', { storeId: b.id, staffId: b.staffId, customerId: (await must('POST', 'customer', { storeId: b.id, fname: 'bea', lname: 'cross', phone: `215${String(Date.now() + 9).slice(-7)}` }, owner.token)).customer.id, serviceIds: String(b.serviceId), date, start: '02:00 pm', end: '02:30 pm' }, owner.token);
    const mine = await newContext(browser, 'desktop');
    const own = await mine.newPage();
    await loginAndSettle(own, staff.email, PASSWORD);
    await chooseStore(own, a);
    await own.goto(`/calendar/${a.permalink}?date=${date}`);
    const across = own.getByRole('region', { name: 'Your day across stores' });
    const rows = across.getByRole('listitem');
    await rows.nth(1).waitFor();
    expect(await rows.allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^11:00 am - 11:30 am${a.name} \\(this store\\)Cross manicure`, 'i')),
      expect.stringMatching(new RegExp(`^02:00 pm - 02:30 pm${b.name}Cross manicure`, 'i')),
    ]);
    await shot(own, 'cross-store-staff-desktop-own-calendar');
    await mine.close();
    await api('GET', `removeAppointment/${atB.appointment.id}`, undefined, owner.token);

    // Once store A's appointment is cancelled, store B offers the time again.
    await must('GET', `cancelAppointment/${booked.appointment.id}`, undefined, owner.token);
    await eventually(async () => (await freeAtB()).includes('11:00 am'), 'store B to offer 11:00 again');
    await api('GET', `removeAppointment/${booked.appointment.id}`, undefined, owner.token);
  });
});
