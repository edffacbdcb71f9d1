import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { api, must } from '../src/api';
import { newGuest } from '../src/guest';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { chooseStore, keyboardMoveDown, loginAndSettle } from '../src/steps';
import { displayName } from '@turnbook/domain/text/names';

// The front desk (docs/decisions.md "The front desk and the kiosk"): a walk-in party of 3 signed in by the
// demo store's kiosk appears on an open Turns Indicator at once (no reload) as one party card, is checked in,
// and the turn list moves; the owner drags a turn to a new place with a reason and reads it in the history.
// Landscape and portrait tablets, each screen shot and checked for accessibility.

// Two browsers, two logins and six check-in steps per viewport: more than the suite's default on a busy machine.
jest.setTimeout(300_000);

const VIEWPORTS = { landscape: { width: 1180, height: 820 }, portrait: { width: 820, height: 1180 } } as const;

let browser: Browser;
let kiosk = '';
let ownerToken = '';
let store: { id: number; permalink: string; ownerId: number; timezone: string };
const created: number[] = [];

beforeAll(async () => {
  browser = await launch();
  const desk = demoLogin('store login (front desk; kiosk mode)');
  kiosk = (await must('POST', 'storeLogin', { username: desk.login, password: desk.password, mode: 'kiosk' }, '')).access_token;
  const owner = demoLogin('owner');
  ownerToken = (await must('POST', 'login', { email: owner.login, password: owner.password }, '')).access_token;
  store = (await must('GET', 'getStoreByPermalink/lotus-nail-spa', undefined, ownerToken)).stores[0];
});
afterAll(async () => {
  for (const id of created) await api('GET', `removeAppointment/${id}`, undefined, ownerToken);
  await browser?.close();
});

/** Now in the store's zone: the date, and the minutes since midnight. */
function storeNow() {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: store.timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date());
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}
const time12 = (m: number) => `${String(Math.floor(m / 60) % 12 || 12).padStart(2, '0')}:${String(m % 60).padStart(2, '0')} ${m % 1440 < 720 ? 'am' : 'pm'}`;
const uniquePhone = () => `267${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

/** What the kiosk sends for a walk-in party: per person a customer, a PENDING walk-in and a sheet of the party. */
async function kioskParty(lname: string, names: string[]) {
  const now = storeNow();
  const services = (await must('GET', `getExternalServicesByStoreId/${store.id}`, undefined, kiosk)).services as { id: number; name: string; duration: number }[];
  const service = services[0];
  // The nearest quarter hour, kept inside the day.
  const start = Math.min(Math.round(now.minutes / 15) * 15, 1440 - 15 - service.duration);
  const party = { id: randomUUID(), size: names.length };
  const sheets: { id: number; name: string }[] = [];
  for (const [i, fname] of names.entries()) {
    const customer = (await must('POST', 'customer', { storeId: store.id, fname, lname, phone: uniquePhone() }, kiosk)).customer as { id: number };
    const appointment = (await must('POST', 'appointment', {
      storeId: store.id, staffId: 8888, customerId: customer.id, serviceIds: String(service.id), date: now.date, start: time12(start),
      end: time12(start + service.duration), note: 'Walk in', createdBy: 0, modifiedBy: 0, status: 'PENDING',
    }, kiosk)).appointment as { id: number };
    created.push(appointment.id);
    const name = `${fname} ${lname}`;
    const answer = await must('POST', 'sheet', {
      storeId: store.id, customer_name: name, service_by_customer: service.name, date: now.date, arrived_time: time12(now.minutes),
      appointment_id: appointment.id, party: { ...party, index: i + 1 },
    }, kiosk);
    sheets.push({ id: answer.sheet.id, name });
  }
  return { party, sheets, service };
}

/** The turn list as the page shows it, first up first. */
const turnOrder = async (page: Page) =>
  (await page.getByRole('list', { name: 'Turn order' }).getByRole('listitem').allTextContents()).map((t) => t.replace(/^\d+\./, '').replace(/\d+(\.5)? turns?$/, '').trim());

/** Checks one person of the party in with the given staff member, through the check-in modal. */
async function checkIn(page: Page, name: string, staff: string) {
  await page.getByRole('button', { name: `Check In ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Check in ${name}` });
  await dialog.getByRole('checkbox', { name: staff }).check();
  return dialog;
}

describe('the front desk', () => {
  for (const [orientation, viewport] of Object.entries(VIEWPORTS)) {
    it(`when the kiosk signs in a walk-in party of 3 on a ${orientation} tablet, then the open front desk shows it at once, checks it in and the turns move; the owner reorders with a reason`, async () => {
      const tag = `${orientation.slice(0, 4)}${Date.now() % 100000}`;
      const desk = demoLogin('store login (front desk; kiosk mode)');
      const ctx = await newContext(browser, 'tablet');
      const page = await ctx.newPage();
      await page.setViewportSize(viewport);
      await loginAndSettle(page, desk.login, desk.password);
      await page.goto('/sign-in-sheets');
      await page.getByRole('heading', { name: 'Turns Indicator' }).waitFor();
      await page.getByRole('heading', { name: 'Sign-in Sheets' }).waitFor();
      await page.getByRole('list', { name: 'Turn order' }).or(page.getByText('Nobody has taken a turn yet.')).first().waitFor();
      await shot(page, `front-desk-${orientation}-01-open`);
      if (orientation === 'landscape') {
        // Wide, Turns (and Online Requests) share a narrow column and the sheets take the rest beside them,
        // rather than every sheet stacking in the narrow column (issue 31 item 25).
        const turns = (await page.getByRole('heading', { name: 'Turns Indicator' }).boundingBox())!;
        const sheets = (await page.getByRole('heading', { name: 'Sign-in Sheets' }).boundingBox())!;
        expect(sheets.x).toBeGreaterThan(turns.x + 250);
        expect(Math.abs(sheets.y - turns.y)).toBeLessThan(60);
      }

      // The kiosk signs the party in through the API; the open page is never reloaded.
      const made = await kioskParty(`fd${tag}`, ['ava', 'ben', 'cy']);
      const card = page.getByTestId(`party-${made.party.id}`);
      await card.getByText('Party of 3').waitFor({ timeout: 10_000 });
      for (const s of made.sheets) await card.getByRole('button', { name: `Check In ${s.name}` }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await shot(page, `front-desk-${orientation}-02-party-arrived`);

      // Two staff members chosen for a sheet with an appointment: the reason shows before anything is sent.
      const employees = (await must('GET', `getStaffsByStoreId/${store.id}`, undefined, ownerToken)).employees as { id: number; nickname: string; fname: string; role: string; archived: boolean }[];
      // as the page shows them (stored lower-case, shown capitalised)
      const working = employees.filter((e) => !e.archived && e.role !== 'TBD' && e.role !== 'none').map((e) => displayName(e.nickname || e.fname));
      const [first, second] = working;
      let dialog = await checkIn(page, made.sheets[0].name, first);
      await dialog.getByRole('checkbox', { name: second }).check();
      await dialog.getByRole('alert').getByText('Choose one staff member').waitFor();
      await shot(page, `front-desk-${orientation}-03-one-staff`);
      await dialog.getByRole('checkbox', { name: second }).uncheck();
      await dialog.getByRole('button', { name: 'Check In' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: `Update ${made.sheets[0].name}` }).waitFor();
      await card.getByText(`✓ ${first}`).first().waitFor();
      await page.waitForFunction((name) => {
        const items = [...document.querySelectorAll('[aria-label="Turn order"] [role="listitem"]')].map((li) => li.textContent ?? '');
        return items.length > 0 && items[items.length - 1].includes(name);
      }, first);

      dialog = await checkIn(page, made.sheets[1].name, second);
      await dialog.getByRole('button', { name: 'Check In' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: `Update ${made.sheets[1].name}` }).waitFor();
      await page.waitForFunction((name) => {
        const items = [...document.querySelectorAll('[aria-label="Turn order"] [role="listitem"]')].map((li) => li.textContent ?? '');
        return items.length > 1 && items[items.length - 1].includes(name);
      }, second);
      const afterCheckIns = await turnOrder(page);
      expect(afterCheckIns.slice(-2)).toEqual([first, second]);
      // The linked walk-ins are ON with their staff member now.
      const walkIn = (await must('GET', `getAppointmentsById/${created[created.length - 3]}`, undefined, ownerToken)).appointments[0];
      expect(walkIn.status).toBe('ON');
      await shot(page, `front-desk-${orientation}-04-checked-in`);

      // The owner drags the first turn one place down, says why, and reads it in the history.
      const ownerCtx = await newContext(browser, 'tablet');
      const owner = await ownerCtx.newPage();
      await owner.setViewportSize(viewport);
      const o = demoLogin('owner');
      await loginAndSettle(owner, o.login, o.password);
      await chooseStore(owner, store);
      await owner.goto(`/front-desk/${store.permalink}`);
      const before = await (async () => {
        await owner.getByRole('list', { name: 'Turn order' }).waitFor();
        return turnOrder(owner);
      })();
      expect(before).toEqual(afterCheckIns);
      await owner.getByRole('button', { name: `Drag ${before[0]}, position 1` }).focus();
      await keyboardMoveDown(owner);
      const reason = owner.getByRole('dialog', { name: 'Why does the order change?' });
      await reason.getByRole('textbox', { name: 'Reason' }).fill(`e2e ${tag}: back from break`);
      await shot(owner, `front-desk-${orientation}-05-reason`);
      await reason.getByRole('button', { name: 'Save order' }).click();
      await reason.waitFor({ state: 'detached' });
      const moved = [before[1], before[0], ...before.slice(2)];
      await owner.waitForFunction((want) => {
        const items = [...document.querySelectorAll('[aria-label="Turn order"] [role="listitem"]')].map((li) => li.textContent ?? '');
        return want.every((n, i) => (items[i] ?? '').includes(n));
      }, moved.slice(0, 2));
      // The front desk's list follows without a reload.
      await page.waitForFunction((want) => {
        const items = [...document.querySelectorAll('[aria-label="Turn order"] [role="listitem"]')].map((li) => li.textContent ?? '');
        return want.every((n, i) => (items[i] ?? '').includes(n));
      }, moved.slice(0, 2));
      await owner.getByRole('button', { name: 'History' }).click();
      const history = owner.getByRole('table', { name: 'Turn history' });
      await history.getByText(`e2e ${tag}: back from break`).waitFor();
      await shot(owner, `front-desk-${orientation}-06-history`);
      await ownerCtx.close();
      await ctx.close();
    });
  }

  for (const [orientation, viewport] of Object.entries(VIEWPORTS)) {
    it(`when the store has approved one guest's request and another still waits (${orientation}), then the front desk's Online Requests list the approved one only, on its date`, async () => {
      // Two online requests from one guest on a day ahead, as the booking page makes them; the owner approves one.
      const guest = await newGuest(store.id, 'fdreq');
      const services = (await must('GET', `public_getExternalServicesByStoreId/${store.id}`, undefined, '')).services as { id: number }[];
      const ids: number[] = [];
      let date = '';
      for (let ahead = 10 + (orientation === 'portrait' ? 7 : 0); ids.length < 2 && ahead < 40; ahead++) {
        date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
        const free = (await must('GET', `availability/${store.id}/${date}?serviceIds=${services[0].id}&mode=online`, undefined, '')) as { duration: number; slots: { start: string; startMin: number; free: boolean }[] };
        const open = free.slots.filter((slot) => slot.free);
        if (open.length < 2) continue;
        for (const slot of [open[0], open[open.length - 1]]) {
          const r = await api('POST', 'public_bookAppointmentOnline', {
            storeId: store.id, staffId: 8888, customerId: guest.customerId, userId: guest.userId, serviceIds: `${services[0].id}`, date, start: slot.start,
            end: time12(slot.startMin + free.duration), note: 'front desk e2e', createdBy: 0, modifiedBy: 0,
          });
          if (r.status === 201) ids.push(r.body.appointment.id as number);
        }
      }
      expect(ids).toHaveLength(2);
      const [approved, pending] = ids;
      for (const id of ids) created.push(id);
      await must('GET', `approveAppointment/${approved}/${guest.phone}`, undefined, ownerToken);

      const desk = demoLogin('store login (front desk; kiosk mode)');
      const ctx = await newContext(browser, 'tablet');
      const page = await ctx.newPage();
      await page.setViewportSize(viewport);
      await loginAndSettle(page, desk.login, desk.password);
      await page.goto('/sign-in-sheets');
      await page.getByRole('heading', { name: 'Online Requests' }).waitFor();
      await page.getByRole('textbox', { name: 'Date', exact: true }).fill(date);
      const card = page.getByTestId(`request-${approved}`);
      await card.getByText('APPROVED').waitFor();
      await card.getByText('Note: front desk e2e').waitFor();
      expect(await page.getByTestId(`request-${pending}`).count()).toBe(0);
      await shot(page, `front-desk-${orientation}-07-online-request`);
      await card.click();
      await page.waitForURL(new RegExp(`/calendar/${store.permalink}\\?date=${date}`));
      await ctx.close();
    });
  }
});
