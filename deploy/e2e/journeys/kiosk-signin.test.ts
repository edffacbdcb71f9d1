/**
 * The kiosk tablet's sign-in wizard on the demo store (docs/product/kiosk.md), on the tablet's own app at
 * /kiosk/{permalink} and on the front desk's /customer-sign-in-sheet, in landscape and portrait: a walk-in
 * party of 3, an appointment customer's 'Looks good', the idle reset, and what the tablet downloads.
 */
import type { Browser, Page } from 'playwright-core';
import { api, must } from '../src/api';
import { ARTIFACTS, launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { loginAndSettle } from '../src/steps';
import { inTurn } from '../src/in-turn';
import { bookableStore, type BookableStore } from '../src/bookable-store';
import { dayIn } from '../src/open-days';

let browser: Browser;
const desk = demoLogin('store login (front desk; kiosk mode)');
const owner = demoLogin('owner');
let ownerToken: string;
let storeId: number;
let permalink: string;
let today: string;
/**
 * A store of its own, open every day 9 am-7 pm, for the appointments booked for today: a staff booking stays
 * inside the store's hours (ruling 5), and the demo store closes on Sundays.
 */
let own: BookableStore & { today: string };
let service: { id: number; name: string; duration: number };

const uniquePhone = () => `484${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

beforeAll(async () => {
  browser = await launch();
  const signedIn = await must('POST', 'storeLogin', { username: desk.login, password: desk.password, mode: 'kiosk' });
  storeId = signedIn.store.id;
  permalink = signedIn.store.permalink;
  ownerToken = (await must('POST', 'login', { email: owner.login, password: owner.password })).access_token;
  const [store] = (await must('GET', `getStoreByPermalink/${permalink}`, undefined, ownerToken)).stores;
  today = new Intl.DateTimeFormat('en-CA', { timeZone: store.timezone || 'America/New_York' }).format(new Date());
  const services = (await must('GET', `getExternalServicesByStoreId/${storeId}`, undefined, signedIn.access_token)).services;
  service = services.find((s: { status: string }) => s.status !== 'OFF');
  const mine = await bookableStore('kiosk', 'America/New_York');
  own = { ...mine, today: dayIn(mine.timezone, 0) };
}, 60_000);
afterAll(async () => browser?.close());

/** The tablet's own app, signed in through its 'Start kiosk mode' form. */
async function openKioskApp(page: Page, shotName: string, store: Pick<BookableStore, 'permalink' | 'deskUsername' | 'password'> = { permalink, deskUsername: desk.login, password: desk.password }) {
  await page.goto(`/kiosk/${store.permalink}`);
  await page.getByRole('textbox', { name: 'Store username' }).fill(store.deskUsername);
  await page.getByLabel('Store password').fill(store.password);
  await shot(page, shotName);
  await page.getByRole('button', { name: 'Start kiosk mode' }).click();
  await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor();
}

async function keypad(page: Page, digits: string) {
  const pad = page.getByRole('group', { name: 'Keypad' });
  for (const d of digits) await pad.getByRole('button', { name: d, exact: true }).click();
}

const sheetsToday = async (store: { id: number; today: string; ownerToken: string } = { id: storeId, today, ownerToken }) =>
  (await must('GET', `getSheetsByStoreId/${store.id}/${store.today}`, undefined, store.ownerToken)).sheets as Array<Record<string, any>>;

describe('the kiosk sign-in wizard', () => {
  for (const { viewport, myTurn } of inTurn(['tabletLandscape', 'tablet'] as const)) {
    const orientation = viewport === 'tablet' ? 'portrait' : 'landscape';

    if (myTurn()) it(`when a walk-in party of 3 signs in on the tablet's own app (${orientation}), then they see their place and wait, each has a sheet and a walk-in appointment, the front desk's open page shows them at once and checks one in, and the tablet fetched no other module's files`, async () => {
      // The front desk, in a second browser, has the Turns Indicator open before the party arrives.
      const deskCtx = await newContext(browser, viewport);
      const deskPage = await deskCtx.newPage();
      await loginAndSettle(deskPage, desk.login, desk.password);
      await deskPage.goto('/sign-in-sheets');
      await deskPage.getByRole('heading', { name: 'Sign-in Sheets' }).waitFor();

      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      const fetched: string[] = [];
      page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      await openKioskApp(page, `kiosk-app-${orientation}-start`);
      await shot(page, `kiosk-app-${orientation}-0-question`);

      await page.getByRole('button', { name: 'Walk-in' }).click();
      await page.getByRole('heading', { name: 'Did you talk to a staff?' }).waitFor();
      await shot(page, `kiosk-app-${orientation}-12-talk-to-staff`);
      await page.getByRole('button', { name: 'Yes' }).click();

      const phone = uniquePhone();
      await keypad(page, phone.slice(0, 9));
      expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
      await keypad(page, phone.slice(9));
      await shot(page, `kiosk-app-${orientation}-1-phone`);
      await page.getByRole('button', { name: 'Next' }).click();

      const lname = `walkin${Date.now() % 100000}`;
      await page.getByRole('textbox', { name: 'First name' }).fill('nia');
      await page.getByRole('textbox', { name: 'Last name' }).fill(lname);
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByRole('button', { name: '3 people' }).click();
      for (const person of ['Person 1 (you)', 'Person 2', 'Person 3']) {
        await page.getByRole('group', { name: person }).getByRole('button', { name: service.name, exact: true }).click();
      }
      await shot(page, `kiosk-app-${orientation}-4-party`);
      await page.getByRole('button', { name: 'Sign In' }).click();

      await page.getByText("Please have a seat. We will call when we're ready.").waitFor();
      // Seven writes one after another (customer, then an appointment and a sheet per person): on a busy
      // machine they take longer than a locator's 15 s; the page waits up to 30 s for them.
      await page.getByText(/Your party of 3: number \d+ in line/).waitFor({ timeout: 30_000 });
      await page.getByText(/Estimated wait: about|Estimated wait: just a few minutes|You are next/).waitFor();
      await shot(page, `kiosk-app-${orientation}-11-thank-you`);
      // The thank-you page starts over on its own.
      await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor({ timeout: 10_000 });

      const party = (await sheetsToday()).filter((s) => s.customer_phone === phone);
      expect(party).toHaveLength(3);
      expect(new Set(party.map((s) => s.party?.id)).size).toBe(1);
      expect(party.map((s) => s.party?.index).sort()).toEqual([1, 2, 3]);
      for (const s of party) {
        expect(s.appointment_id).toEqual(expect.any(Number));
        const { appointments, appointmentsNull, appointmentsOnline } = await must('GET', `getAppointmentsById/${s.appointment_id}`, undefined, ownerToken);
        const [a] = [...appointments, ...appointmentsNull, ...appointmentsOnline];
        expect(a).toMatchObject({ staffId: 8888, status: 'PENDING', note: 'Walk in', date: today });
        expect(Number(a.startMin) % 15).toBe(0);
      }

      // The front desk's page shows the party without a reload, and checks its first person in.
      const first = `nia ${lname} (1 of 3)`;
      await deskPage.getByRole('button', { name: `Check In ${first}` }).waitFor({ timeout: 10_000 });
      await deskPage.getByRole('button', { name: `Check In nia ${lname} (3 of 3)` }).scrollIntoViewIfNeeded();
      await shot(deskPage, `kiosk-app-${orientation}-desk-party-arrived`);
      // The tablet, back on its welcome page, shows the line as the server has it, and follows it without a reload.
      const kiosk = (await must('POST', 'storeLogin', { username: desk.login, password: desk.password, mode: 'kiosk' })).access_token;
      const waiting = async () => (await must('GET', `getQueueByStoreIdAndDate/${storeId}/${today}`, undefined, kiosk)).waiting as number;
      const waitingBefore = await waiting();
      await page.getByText(`${waitingBefore} waiting ·`).waitFor({ timeout: 10_000 });
      const employees = (await must('GET', `getStaffsByStoreId/${storeId}`, undefined, ownerToken)).employees as { nickname: string; fname: string; role: string; archived: boolean }[];
      const serving = employees.find((e) => !e.archived && e.role !== 'TBD' && e.role !== 'none')!;
      await deskPage.getByRole('button', { name: `Check In ${first}` }).click();
      const dialog = deskPage.getByRole('dialog', { name: `Check in ${first}` });
      await dialog.getByRole('checkbox', { name: serving.nickname || serving.fname }).check();
      await dialog.getByRole('button', { name: 'Check In' }).click();
      await deskPage.getByRole('dialog').waitFor({ state: 'detached' });
      await deskPage.getByRole('button', { name: `Update ${first}` }).waitFor();
      await shot(deskPage, `kiosk-app-${orientation}-desk-checked-in`);
      const checkedIn = (await sheetsToday()).find((s) => s.customer_phone === phone && s.party?.index === 1)!;
      expect(checkedIn.checked).toEqual(expect.any(String));
      const { appointments } = await must('GET', `getAppointmentsById/${checkedIn.appointment_id}`, undefined, ownerToken);
      expect(appointments[0]).toMatchObject({ status: 'ON', staffId: Number(checkedIn.staffId) });
      expect(await waiting()).toBe(waitingBefore - 1);
      await page.getByText(`${waitingBefore - 1} waiting ·`).waitFor({ timeout: 10_000 });
      await shot(page, `kiosk-app-${orientation}-welcome-after-check-in`);
      await deskCtx.close();

      // Only the kiosk app's own files: no shell, no remotes list, no other module.
      const assets = fetched.filter((p) => /\.(js|css)$/.test(p) || p.startsWith('/mfe/'));
      expect(assets.length).toBeGreaterThan(0);
      expect(assets.filter((p) => !p.startsWith('/mfe/kiosk/app/'))).toEqual([]);
      await ctx.close();
    });
  }

  for (const { viewport, myTurn } of inTurn(['tabletLandscape', 'tablet'] as const, { from: 1 })) {
  const orientation = viewport === 'tablet' ? 'portrait' : 'landscape';
  if (myTurn()) it(`when a customer with an appointment today finds it by phone at the front desk (${orientation}) and says 'Looks good', then one sheet is linked to it and no appointment is added`, async () => {
    const phone = uniquePhone();
    const lname = `appt${Date.now() % 100000}`;
    const customer = (await must('POST', 'customer', { storeId: own.id, fname: 'rosa', lname, phone }, own.ownerToken)).customer;
    const staff = (await must('GET', `public_getStaffsByStoreId/${own.id}`, undefined)).employees[0];
    const booked = (await must('POST', 'appointment', {
      storeId: own.id, staffId: staff.id, customerId: customer.id, serviceIds: `${own.service.id}`, date: own.today, start: '11:30 am', end: '11:45 am',
    }, own.ownerToken)).appointment;
    // The calendar's copy of the customer reaches the appointment an event later: the kiosk's search finds it then.
    const kiosk = (await must('POST', 'storeLogin', { username: own.deskUsername, password: own.password, mode: 'kiosk' })).access_token;
    for (const until = Date.now() + 15_000; ; await new Promise((ok) => setTimeout(ok, 250))) {
      const found = await api('GET', `getAppointmentsByStoreIdAndType/phone/${own.id}/${phone}/${own.today}`, undefined, kiosk);
      if (found.body?.appointments?.length || Date.now() > until) break;
    }

    const ctx = await newContext(browser, viewport);
    const page = await ctx.newPage();
    await loginAndSettle(page, own.deskUsername, own.password);
    await page.goto('/customer-sign-in-sheet');
    await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor();
    await page.getByRole('button', { name: 'Start kiosk mode' }).waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await keypad(page, phone);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Is this your appointment?' }).waitFor();
    await page.getByText('Rosa ' + lname[0].toUpperCase() + '.').waitFor();
    await page.getByText(`(***) ***-${phone.slice(-4)}`).waitFor();
    await shot(page, `kiosk-desk-${orientation}-3-confirm`);
    await page.getByRole('button', { name: 'Looks good' }).click();
    // An appointment holder is not in the walk-in line: their time, and that the desk knows they are here.
    await page.getByText('The front desk knows you are here.').waitFor();
    await page.getByText(/^Your appointment is at 11:30 am/).waitFor();
    expect(await page.getByText(/in line|Estimated wait/).count()).toBe(0);
    await shot(page, `kiosk-desk-${orientation}-11-thank-you`);

    const linked = (await sheetsToday(own)).filter((s) => s.appointment_id === booked.id);
    expect(linked).toHaveLength(1);
    const theirs = await must('GET', `getAppointmentsByStoreIdAndCustomerId/${own.id}/${customer.id}`, undefined, own.ownerToken);
    expect((theirs.appointments as Array<{ date: string }>).filter((a) => a.date === own.today)).toHaveLength(1);
    await ctx.close();
  });
  }

  it("when a customer signs the same appointment in twice on the tablet (Yes, phone, 'Looks good', then again), then there is one sheet with their full name and phone, and the second time the tablet says they are already signed in", async () => {
    const phone = uniquePhone();
    const lname = `twice${Date.now() % 100000}`;
    const customer = (await must('POST', 'customer', { storeId: own.id, fname: 'olivia', lname, phone }, own.ownerToken)).customer;
    const staff = (await must('GET', `public_getStaffsByStoreId/${own.id}`, undefined)).employees[0];
    const booked = (await must('POST', 'appointment', {
      storeId: own.id, staffId: staff.id, customerId: customer.id, serviceIds: `${own.service.id}`, date: own.today, start: '11:30 am', end: '11:45 am',
    }, own.ownerToken)).appointment;
    const kiosk = (await must('POST', 'storeLogin', { username: own.deskUsername, password: own.password, mode: 'kiosk' })).access_token;
    for (const until = Date.now() + 15_000; ; await new Promise((ok) => setTimeout(ok, 250))) {
      const found = await api('GET', `getAppointmentsByStoreIdAndType/phone/${own.id}/${phone}/${own.today}`, undefined, kiosk);
      if (found.body?.appointments?.length || Date.now() > until) break;
    }

    const ctx = await newContext(browser, 'tablet');
    const page = await ctx.newPage();
    await openKioskApp(page, 'kiosk-twice-start', own);
    const signInByPhone = async () => {
      await page.getByRole('button', { name: 'Yes' }).click();
      await keypad(page, phone);
      await page.getByRole('button', { name: 'Next' }).click();
    };
    await signInByPhone();
    await page.getByRole('heading', { name: 'Is this your appointment?' }).waitFor();
    await page.getByRole('button', { name: 'Looks good' }).click();
    await page.getByText('The front desk knows you are here.').waitFor();
    await shot(page, 'kiosk-twice-1-thank-you');
    await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor({ timeout: 10_000 });

    await signInByPhone();
    await page.getByRole('heading', { name: 'You are already signed in' }).waitFor();
    expect(await page.getByRole('button', { name: 'Looks good' }).count()).toBe(0);
    await shot(page, 'kiosk-twice-2-already-signed-in');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor();

    // Two screens at once (the tablet and the front desk) still make one sheet: the server answers the first.
    const again = await api('POST', 'sheet', { storeId: own.id, customer_name: 'Olivia T.', date: own.today, arrived_time: '10:00 am', appointment_id: booked.id }, kiosk);
    expect(again.status).toBe(200);
    expect(again.body.alreadySignedIn).toBe(true);
    const linked = (await sheetsToday(own)).filter((s) => s.appointment_id === booked.id);
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ customer_name: `Olivia ${lname[0].toUpperCase()}${lname.slice(1)}`, customer_phone: phone });
    await ctx.close();
  });

  it("when the tablet looks an appointment up offline, then it says the network is down (not 'not found'); back online, a request the salon has not approved shows as not confirmed", async () => {
    const phone = uniquePhone();
    const lname = `pending${Date.now() % 100000}`;
    const customer = (await must('POST', 'customer', { storeId: own.id, fname: 'mai', lname, phone }, own.ownerToken)).customer;
    await must('POST', 'appointment', {
      storeId: own.id, staffId: 8888, customerId: customer.id, serviceIds: `${own.service.id}`, date: own.today, start: '11:30 am', end: '11:45 am', status: 'PENDING',
    }, own.ownerToken);
    const kiosk = (await must('POST', 'storeLogin', { username: own.deskUsername, password: own.password, mode: 'kiosk' })).access_token;
    for (const until = Date.now() + 15_000; ; await new Promise((ok) => setTimeout(ok, 250))) {
      const found = await api('GET', `getAppointmentsByStoreIdAndType/phone/${own.id}/${phone}/${own.today}`, undefined, kiosk);
      if ([...(found.body?.appointments ?? []), ...(found.body?.appointmentsNull ?? [])].length || Date.now() > until) break;
    }

    const ctx = await newContext(browser, 'tablet');
    const page = await ctx.newPage();
    await openKioskApp(page, 'kiosk-offline-start', own);
    await page.getByRole('button', { name: 'Yes' }).click();
    await keypad(page, phone);
    await ctx.setOffline(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'We cannot reach the salon’s system right now' }).waitFor();
    expect(await page.getByText('We could not find your appointment for today.').count()).toBe(0);
    await shot(page, 'kiosk-lookup-offline');

    await ctx.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Your request is not confirmed yet' }).waitFor();
    await page.getByText('Requested for today at 11:30 am').waitFor();
    expect(await page.getByRole('button', { name: 'Looks good' }).count()).toBe(0);
    await shot(page, 'kiosk-lookup-pending-request');
    await ctx.close();
  });

  it('when a walk-in party of 1 to 8 chooses services on a 1024x768 landscape tablet, then Sign In stays on the screen whatever the scroll, and so does the phone page\'s Next', async () => {
    const ctx = await newContext(browser, 'tabletLandscape');
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    /** The button's box, within the 768 px screen? */
    const onScreen = async (name: string) => {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      return { name, top: Math.round(box!.y), bottom: Math.round(box!.y + box!.height), onScreen: box!.y >= 0 && box!.y + box!.height <= 768 };
    };
    await openKioskApp(page, 'kiosk-1024-start');
    // The appointment path's phone page is the tallest (keypad and the other searches): Next is on screen.
    await page.getByRole('button', { name: 'Yes' }).click();
    await keypad(page, uniquePhone());
    expect(await onScreen('Next')).toMatchObject({ onScreen: true });
    await shot(page, 'kiosk-1024-phone-appointment-path');
    await page.getByRole('button', { name: 'Start over' }).click();

    await page.getByRole('button', { name: 'Walk-in' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await keypad(page, uniquePhone());
    expect(await onScreen('Next')).toMatchObject({ onScreen: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'First name' }).fill('ivy');
    await page.getByRole('textbox', { name: 'Last name' }).fill('tablet');
    await page.getByRole('button', { name: 'Next' }).click();
    const boxes = [];
    for (let size = 1; size <= 8; size++) {
      await page.getByRole('button', { name: size === 1 ? '1 person' : `${size} people` }).click();
      for (let i = 1; i <= size; i++) {
        const group = page.getByRole('group', { name: size === 1 ? 'Your services' : i === 1 ? 'Person 1 (you)' : `Person ${i}` });
        const pick = group.getByRole('button', { name: service.name, exact: true });
        if ((await pick.getAttribute('aria-pressed')) !== 'true') await pick.click();
      }
      // At the top of the page and at its end, Sign In is within the screen.
      await page.evaluate(() => window.scrollTo(0, 0));
      boxes.push({ size, at: 'top', ...(await onScreen('Sign In')) });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      boxes.push({ size, at: 'end', ...(await onScreen('Sign In')) });
      if ([1, 3, 8].includes(size)) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${ARTIFACTS}/kiosk-1024-party-of-${size}-viewport.png` });
      }
    }
    expect(boxes.filter((b) => !b.onScreen)).toEqual([]);
    await shot(page, 'kiosk-1024-party-of-8');
    await ctx.close();
  });

  for (const { viewport, myTurn } of inTurn(['tabletLandscape', 'tablet'] as const, { from: 1 })) {
  const orientation = viewport === 'tablet' ? 'portrait' : 'landscape';
  if (myTurn()) it(`when nobody touches the tablet for 100 seconds in the middle of a sign-in (${orientation}), then it starts over`, async () => {
    const ctx = await newContext(browser, viewport);
    const page = await ctx.newPage();
    await page.clock.install({ time: Date.now() }); // this run's clock (under --clock it is not the real one)
    await openKioskApp(page, `kiosk-app-${orientation}-idle-start`);
    await page.getByRole('button', { name: 'Walk-in' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await keypad(page, '215555');
    await page.clock.fastForward(99_000);
    expect(await page.getByLabel('Phone number').inputValue()).toBe('(215) 555');
    await shot(page, `kiosk-app-${orientation}-idle-before`);
    await page.clock.fastForward(2_000);
    await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor();
    await shot(page, `kiosk-app-${orientation}-idle-reset`);
    await ctx.close();
  });
  }
});
