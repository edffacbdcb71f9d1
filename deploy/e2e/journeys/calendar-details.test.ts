import type { Browser, Locator, Page } from 'playwright-core';
import { api } from '../src/api';
import { openDayAhead, type StoreWeek } from '../src/open-days';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { loginAndSettle, signInToStore } from '../src/steps';
import { inTurn } from '../src/in-turn';

// The appointment details of the calendar (docs/decisions.md "Appointment details"): the demo owner opens an
// appointment made through the API by its ?appointment={id} link, edits it, checks it out, rebooks it,
// cancels and deletes it; the demo's limited staff member can do none of it. Tablet and desktop.

let browser: Browser;
let ownerToken = '';
let store: { id: number; permalink: string; ownerId: number; timezone: string; hours: StoreWeek['hours'] };
const created: number[] = [];

beforeAll(async () => {
  browser = await launch();
  const owner = demoLogin('owner');
  ownerToken = (await api('POST', 'login', { email: owner.login, password: owner.password })).body.access_token;
  store = (await api('GET', 'getStoreByPermalink/lotus-nail-spa', undefined, ownerToken)).body.stores[0];
});
afterAll(async () => {
  for (const id of created) await api('GET', `removeAppointment/${id}`, undefined, ownerToken);
  await browser?.close();
});

/** Minutes after midnight as 'hh:mm am'. */
const time12 = (m: number) => `${String(Math.floor(m / 60) % 12 || 12).padStart(2, '0')}:${String(m % 60).padStart(2, '0')} ${m < 720 ? 'am' : 'pm'}`;

/**
 * An appointment of the demo store on the next day it opens and its staff member works (its edits stay inside
 * the hours; a weekly day off is refused, ruling 5) at `startMin`: a real staff member (the demo's staff
 * unless given), a customer, the first two services.
 */
async function makeAppointment(startMin: number, staffId?: number) {
  const staff = (await api('GET', `getStaffsByStoreId/${store.id}`, undefined, ownerToken)).body.employees as { id: number; role: string; archived: boolean; nickname: string; dayOff?: string }[];
  const anna: { id: number; dayOff?: string } = staffId ? { id: staffId } : staff.find((e) => e.role === 'staff' && !e.archived)!;
  const services = ((await api('GET', `getServicesByStoreId/${store.id}`, undefined, ownerToken)).body.services as { id: number; type: string; status: string; price: number; duration: number }[])
    .filter((s) => s.type !== 'EXTERNAL' && s.status === 'ON')
    .slice(0, 2);
  const customer = ((await api('GET', `getCustomersByStoreId/${store.id}`, undefined, ownerToken)).body.customers as { id: number; banned: boolean; fname: string }[]).find(
    (c) => !c.banned,
  )!;
  const start = time12(startMin);
  const end = time12(startMin + services.reduce((sum, s) => sum + s.duration, 0));
  const res = await api(
    'POST',
    'appointment',
    { storeId: store.id, staffId: anna.id, customerId: customer.id, serviceIds: services.map((s) => s.id).join(','), date: openDayAhead(store, 1, anna), start, end, note: 'e2e details' },
    ownerToken,
  );
  if (res.status !== 201) throw new Error(`POST appointment -> ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.appointment.id as number;
  created.push(id);
  return { id, suggested: services.reduce((sum, s) => sum + s.price, 0), customer };
}

const read = async (id: number) => {
  const r = (await api('GET', `getAppointmentsById/${id}`, undefined, ownerToken)).body;
  return (r.appointments[0] ?? r.appointmentsNull[0] ?? r.appointmentsOnline[0]) as { start: string; end: string; note: string; sale: number; status: string };
};

const signIn = (page: Page, who: string) => signInToStore(page, who, store);

async function openDetails(page: Page, id: number): Promise<Locator> {
  await page.goto(`/calendar/${store.permalink}?appointment=${id}`);
  const dialog = page.getByRole('dialog', { name: 'Appointment details' });
  await dialog.getByRole('group', { name: 'Actions' }).waitFor();
  return dialog;
}

describe('appointment details', () => {
  for (const { viewport, myTurn } of inTurn(['tablet', 'desktop'] as const)) {
    if (myTurn()) it(`when the owner opens an appointment on a ${viewport}, then they edit it, check it out, rebook, cancel and delete it`, async () => {
      const made = await makeAppointment(11 * 60);
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signIn(page, 'owner');

      let dialog = await openDetails(page, made.id);
      await dialog.getByText('11:00 am - ').waitFor();
      await dialog.getByText(`$${made.suggested.toFixed(2)}`).waitFor(); // the suggested sale, for the owner
      await shot(page, `calendar-details-${viewport}-01-open`);

      // The customer's name opens their details: upcoming and past appointments.
      await dialog.getByRole('button', { name: new RegExp(`^Customer details: ${made.customer.fname}`, 'i') }).click();
      const customer = page.getByRole('dialog', { name: 'Customer details' });
      await customer.getByRole('region', { name: 'Upcoming appointments' }).getByRole('listitem').first().waitFor();
      await customer.getByRole('region', { name: 'Past appointments' }).waitFor();
      await shot(page, `calendar-details-${viewport}-01-customer`);
      await customer.getByRole('button', { name: 'Dismiss' }).click();
      dialog = page.getByRole('dialog', { name: 'Appointment details' });
      await dialog.getByRole('group', { name: 'Actions' }).waitFor();

      // Edit: a later start and a note; the length is kept.
      await dialog.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit appointment' });
      await edit.getByLabel(/^Start time/).first().click();
      await page.getByRole('option', { name: '01:30 pm', exact: true }).click();
      await edit.getByLabel('Note').fill('e2e details: moved');
      await shot(page, `calendar-details-${viewport}-02-edit`);
      await edit.getByRole('button', { name: 'Save' }).click();
      dialog = page.getByRole('dialog', { name: 'Appointment details' });
      await dialog.getByText('e2e details: moved').waitFor();
      await dialog.getByText(/^01:30 pm - /).waitFor();
      expect((await read(made.id)).start).toBe('01:30 pm');

      // Check Out: $52.40 is rounded to whole dollars.
      await dialog.getByRole('button', { name: 'Check Out' }).click();
      const checkout = page.getByRole('dialog', { name: 'Check Out' });
      await checkout.getByLabel('Sale ($)').fill('52.4');
      await shot(page, `calendar-details-${viewport}-03-checkout`);
      await checkout.getByRole('button', { name: 'Check Out' }).click();
      await page.getByRole('dialog', { name: 'Appointment details' }).getByText('$52.00').waitFor();
      expect((await read(made.id)).sale).toBe(52);

      // History lists what was done.
      await page.getByRole('dialog', { name: 'Appointment details' }).getByRole('button', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: 'History' });
      await history.getByText(/checked out/i).first().waitFor();
      await shot(page, `calendar-details-${viewport}-04-history`);
      await history.getByRole('button', { name: 'Back' }).click();

      // Rebook: the details close and the booking wizard opens.
      await page.getByRole('dialog', { name: 'Appointment details' }).getByRole('button', { name: 'Rebook' }).click();
      await page.getByRole('dialog', { name: 'Appointment details' }).waitFor({ state: 'detached' });
      await page.getByRole('dialog').first().waitFor();
      expect(new URL(page.url()).searchParams.get('appointment')).toBeNull();
      await page.keyboard.press('Escape');

      // Delete modal: Cancel and Text Customer (the demo store's setting is on) cancels.
      dialog = await openDetails(page, made.id);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      const del = page.getByRole('dialog', { name: 'Delete appointment' });
      await del.getByRole('button', { name: 'Cancel and Text Customer' }).waitFor();
      await shot(page, `calendar-details-${viewport}-05-delete-modal`);
      await del.getByRole('button', { name: 'Cancel', exact: true }).click();
      await del.waitFor({ state: 'detached' });
      expect((await read(made.id)).status).toBe('CANCEL');

      // A cancelled appointment: only the owner's hard delete is left in the delete modal.
      dialog = await openDetails(page, made.id);
      await dialog.getByText('CANCELED').waitFor();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete appointment' }).getByRole('button', { name: 'Delete appointment' }).click();
      await page.getByRole('dialog', { name: 'Delete appointment' }).waitFor({ state: 'detached' });
      const gone = await api('GET', `getAppointmentsById/${made.id}`, undefined, ownerToken);
      expect(gone.status).toBe(404);
      await ctx.close();
      // Seven screens, each checked by axe, on a shared 2-core machine.
    }, 300_000);

    if (myTurn()) it(`when limited staff follow an appointment's link on a ${viewport}, then they see no sale and no action`, async () => {
      const made = await makeAppointment(15 * 60);
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signIn(page, 'limited staff');
      await page.goto(`/calendar/${store.permalink}?appointment=${made.id}`);
      const dialog = page.getByRole('dialog', { name: 'Appointment details' });
      await dialog.getByText(/Limited staff can't open appointments/).waitFor();
      expect(await dialog.getByRole('group', { name: 'Actions' }).count()).toBe(0);
      expect(await dialog.getByText(/\$\d/).count()).toBe(0);
      await shot(page, `calendar-details-${viewport}-06-limited`);
      await ctx.close();
    });
  }
});

describe('super admin: Migrate Appointment by staffId', () => {
  const staffMade: number[] = [];
  afterAll(async () => {
    for (const id of staffMade) await api('GET', `removeEmployee/${id}`, undefined, ownerToken);
  });

  for (const { viewport, myTurn } of inTurn(['tablet', 'desktop'] as const, { from: 1 })) {
    if (myTurn()) it(`when the super admin moves a staff member's appointments on a ${viewport}, then 'save' asks, becomes 'done' and the appointment is on the other staff member`, async () => {
      const nick = (n: string) => `mig${n}${viewport[0]}${Date.now() % 100000}`;
      const add = async (n: string) => {
        const res = await api('POST', 'staff', { hasAccount: 'noAccount', nickname: nick(n), fname: nick(n), storeId: store.id }, ownerToken);
        if (res.status !== 201) throw new Error(`POST staff -> ${res.status} ${JSON.stringify(res.body)}`);
        staffMade.push(res.body.employee.id);
        return res.body.employee.id as number;
      };
      const [source, dest] = [await add('a'), await add('b')];
      const made = await makeAppointment(16 * 60, source);

      const admin = demoLogin('super admin');
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      // The update notice acknowledged first: its modal would cover 'save' (it did in one full run).
      await loginAndSettle(page, admin.login, admin.password);
      await page.goto('/admin-settings');
      const form = page.getByRole('form', { name: 'Migrate Appointment by staffId' });
      await form.getByLabel(/^Store id/).fill(String(store.id));
      await form.getByLabel(/^Source staff id/).fill(String(source));
      await form.getByLabel(/^Destination staff id/).fill(String(dest));
      await form.getByRole('button', { name: 'save' }).click();
      const ask = page.getByRole('dialog').filter({ hasText: 'Do you want to move appointment?' });
      await ask.waitFor();
      await shot(page, `calendar-details-${viewport}-07-migrate-confirm`);
      await ask.getByRole('button', { name: /^yes$/i }).click();
      await form.getByRole('button', { name: 'done' }).waitFor();
      await form.getByText('1 appointment was moved.').waitFor();
      await shot(page, `calendar-details-${viewport}-08-migrate-done`);
      const moved = (await api('GET', `getAppointmentsById/${made.id}`, undefined, ownerToken)).body.appointments[0];
      expect(moved.staffId).toBe(dest);
      await ctx.close();
    }, 180_000);
  }
});
