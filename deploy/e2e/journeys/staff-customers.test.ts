import type { Browser, Page } from 'playwright-core';
import { api, uniqueEmail } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { linkIn, waitForMail } from '../src/mailbox';
import { chooseStore, expectVisible, keyboardMoveDown, login, registerVerified, signInOnce } from '../src/steps';
import { inTurn } from '../src/in-turn';

// Staff, days off and customers screens of the store module (issue 3, docs/product/README.md, docs/product/statuses.md, docs/product/validation.md, docs/product/roles.md), as the demo owner
// of 'lotus-nail-spa' (store 1) and as its limited staff member, on a tablet and a desktop.

const STORE = { id: '1', permalink: 'lotus-nail-spa' };

let browser: Browser;
let ownerToken = '';
let ownerId = 0;
beforeAll(async () => {
  browser = await launch();
  const owner = demoLogin('owner');
  const res = await api('POST', 'login', { email: owner.login, password: owner.password });
  ownerToken = res.body.access_token;
  ownerId = res.body.user.id;
});
/** What the journeys add to the demo store is archived / deleted again so the demo stays tidy. */
const createdStaff: number[] = [];
const createdCustomers: number[] = [];
afterAll(async () => {
  for (const id of createdStaff) await api('GET', `removeEmployee/${id}`, undefined, ownerToken);
  for (const id of createdCustomers) await api('DELETE', `customer/${id}`, undefined, ownerToken);
  await browser?.close();
});

/** Logs in and chooses the demo store (the /stores page does this when a store is clicked); once per login in this file. */
async function signIn(page: Page, who: string, ownerOfStore: number) {
  await signInOnce(page, who, async () => {
    const l = demoLogin(who);
    await login(page, l.login, l.password);
    await page.waitForURL(/\/stores|\/calendar|\/admin/);
    await chooseStore(page, { id: STORE.id, permalink: STORE.permalink, ownerId: ownerOfStore });
  });
}

async function confirmYes(page: Page, question: RegExp) {
  await expectVisible(page, question);
  await page.getByRole('dialog').getByRole('button', { name: /^yes$/i }).click();
}

async function staffIdByName(nickname: string): Promise<number> {
  const res = await api('GET', `getStaffsByStoreId/${STORE.id}`, undefined, ownerToken);
  const hit = (res.body.employees as { id: number; nickname: string; email: string }[]).find((e) => e.nickname === nickname || e.email === nickname);
  if (!hit) throw new Error(`staff ${nickname} not found`);
  return hit.id;
}

async function pickTime(page: Page, label: RegExp, value: string) {
  await page.getByLabel(label).first().click();
  await page.getByRole('option', { name: value, exact: true }).click();
}

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const dayLabel = (d: Date) => `${d.getDate()} ${d.toLocaleString('en-US', { month: 'long' })} ${d.getFullYear()}`;

/** Opens the date picker labelled `label` and clicks `d` (moving to the next month when needed). */
async function pickDate(page: Page, label: RegExp, d: Date) {
  await page.getByRole('button', { name: label }).click();
  const now = new Date();
  if (d.getMonth() !== now.getMonth()) await page.locator('[data-direction="next"]').first().click();
  await page.getByRole('button', { name: dayLabel(d), exact: true }).first().click();
}

for (const { viewport, myTurn } of inTurn(['tablet', 'desktop'] as const)) {
  describe(`staff and customers on a ${viewport}`, () => {
    const tag = `${viewport}-${Date.now() % 1_000_000}`;

    if (myTurn()) it('when the owner manages staff, then list, add (with and without account), role, archive/restore and schedule work', async () => {
      const accountEmail = uniqueEmail(`staff-${viewport}`);
      await registerVerified(accountEmail, 'Staff-pass-1');
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signIn(page, 'owner', ownerId);

      await page.goto('/staffs');
      await expectVisible(page, /Linh Tran/);
      expect(await page.getByText(/\(\d{3}\) \d{3}-\d{4}/).count()).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: 'Add staff' }).count()).toBe(1);
      await shot(page, `staff-${viewport}-01-list`);

      // Reorder mode: drag handles; a move then Cancel leaves the order as it was, on screen and stored.
      const storedOrder = async () =>
        ((await api('GET', `getStaffsByStoreId/${STORE.id}`, undefined, ownerToken)).body.employees as { id: number; sortIndex: number }[])
          .sort((a, b) => a.sortIndex - b.sortIndex).map((e) => e.id);
      const handles = page.getByRole('button', { name: /^Drag / });
      const handleNames = () => handles.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      const orderBefore = await storedOrder();
      await page.getByRole('button', { name: 'Reorder staff' }).click();
      await page.getByRole('button', { name: /^Drag Mai Nguyen/ }).waitFor();
      const shownBefore = await handleNames();
      await handles.first().focus();
      await keyboardMoveDown(page);
      await page.waitForFunction((before) => {
        const now = [...document.querySelectorAll('button[aria-label^="Drag "]')].map((e) => e.getAttribute('aria-label'));
        return JSON.stringify(now) !== JSON.stringify(before);
      }, shownBefore);
      await shot(page, `staff-${viewport}-02-reorder`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Reorder staff' }).waitFor();
      await page.getByRole('button', { name: 'Reorder staff' }).click();
      expect(await handleNames()).toEqual(shownBefore);
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(await storedOrder()).toEqual(orderBefore);

      // With an account: 1 → 7 (email) → 8 (PIN) → Create → an invitation is mailed; they join on accepting.
      await page.goto('/staffs/create');
      await expectVisible(page, /Does the staff already have an account\?/);
      await shot(page, `staff-${viewport}-03-wizard-1`);
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.getByLabel(/^Email/).fill(accountEmail);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel(/^PIN/).fill('4321');
      await page.getByLabel(/^Confirm PIN/).fill('4321');
      await page.getByRole('button', { name: 'Create' }).click();
      await expectVisible(page, /Invitation sent/);
      await shot(page, `staff-${viewport}-04-wizard-invited`);
      const invitationMail = await waitForMail(accountEmail, /invites you to join its staff/);
      const invitationId = new URL(linkIn(invitationMail, '/staff-invitation/')).pathname.split('/').pop();
      const invitee = (await api('POST', 'login', { email: accountEmail, password: 'Staff-pass-1' })).body.access_token;
      expect((await api('POST', `staff-invitation/${invitationId}/accept`, {}, invitee)).status).toBe(200);
      createdStaff.push(await staffIdByName(accountEmail));

      // The same email again: the spec's alert.
      await page.goto('/staffs/create');
      await page.getByRole('button', { name: 'Yes' }).click();
      await page.getByLabel(/^Email/).fill(accountEmail);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Create' }).click();
      await expectVisible(page, /This email has already added to the store\./);
      await shot(page, `staff-${viewport}-05-wizard-existed`);
      await page.getByRole('button', { name: 'Close' }).click();

      // Without an account: 1 → 4 (name) → 2 (skip email) → 5 (colour) → 6 (PIN) → Create Staff.
      const nick = `zoe${tag.replace(/\D/g, '')}`;
      await page.goto('/staffs/create');
      await page.getByRole('button', { name: 'No' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await expectVisible(page, /Please fill out your info/);
      await page.getByLabel(/^First name/).fill(nick);
      await page.getByLabel(/^Last name/).fill('walker');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Skip' }).click();
      await shot(page, `staff-${viewport}-06-wizard-colour`);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Create Staff' }).click();
      await expectVisible(page, /Congrats!!!/);
      const id = await staffIdByName(nick);
      createdStaff.push(id);

      // Role and online booking.
      await page.goto(`/staffs/edit/${id}`);
      await expectVisible(page, /Staff settings/);
      // Native selects (Role, Online Booking with its 'none'), so the browser's own picker.
      await page.getByLabel('Role', { exact: true }).first().selectOption('limited');
      await shot(page, `staff-${viewport}-07-settings`);
      await page.getByRole('button', { name: 'Save' }).click();
      await confirmYes(page, /Do you want to update this Staff\?/);
      await expectVisible(page, /Updated!/);
      const after = await api('GET', `getStaffsByEmployeeId/${id}`, undefined, ownerToken);
      expect(after.body.employees[0].role).toBe('limited');

      // Archive, then restore from the archive list.
      await page.goto(`/staffs/edit/${id}`);
      await page.getByRole('button', { name: 'Archive this staff' }).click();
      await confirmYes(page, /Do you want to delete this staff\?/);
      await expectVisible(page, /Removed!/);
      await page.goto('/staffs-archive');
      await page.getByRole('link', { name: new RegExp(`Restore ${nick}`, 'i') }).click();
      await shot(page, `staff-${viewport}-08-restore`);
      await page.getByRole('button', { name: 'Restore this staff' }).click();
      await confirmYes(page, /Do you want to restore this staff\?/);
      await expectVisible(page, /Restored!/);

      // Weekly schedule: stop working on Monday.
      await page.goto(`/staff-schedule/${id}`);
      await page.getByRole('checkbox', { name: 'Monday' }).uncheck();
      await shot(page, `staff-${viewport}-09-schedule`);
      await page.getByRole('button', { name: 'Save' }).click();
      await confirmYes(page, /Do you want to update this Staff\?/);
      await expectVisible(page, /Updated!/);
      const sched = await api('GET', `getStaffsByEmployeeId/${id}`, undefined, ownerToken);
      expect(sched.body.employees[0].dayOff).toBe('mon');
      await ctx.close();
    }, 240_000);

    if (myTurn()) it('when the owner adds, edits and deletes a day off, then the alerts show and the list follows', async () => {
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signIn(page, 'owner', ownerId);
      const nick = `pto${tag.replace(/\D/g, '')}`;
      const made = await api('POST', 'staff', { hasAccount: 'noAccount', nickname: nick, fname: nick, storeId: Number(STORE.id) }, ownerToken);
      expect(made.status).toBe(201);
      const id = made.body.employee.id as number;
      createdStaff.push(id);

      await page.goto(`/staff-add-pto/${id}`);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expectVisible(page, /Please select a date/);
      await shot(page, `staff-${viewport}-10-pto-alert`);
      await page.getByRole('button', { name: 'Close' }).click();
      const day = new Date();
      day.setDate(day.getDate() + 3);
      await pickDate(page, /^Date/, day);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expectVisible(page, /Please select a start time/);
      await page.getByRole('button', { name: 'Close' }).click();
      await pickTime(page, /^Start time/, '10:00 am');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expectVisible(page, /Please select a end time/);
      await page.getByRole('button', { name: 'Close' }).click();
      await pickTime(page, /^End time/, '02:30 pm');
      await shot(page, `staff-${viewport}-11-pto-add`);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(new RegExp(`/staff-pto/${id}$`));
      await expectVisible(page, /10:00 am – 02:30 pm/);
      await shot(page, `staff-${viewport}-12-pto-list`);

      // Several days at once: a two-day range gives two days off.
      await page.goto(`/staff-add-pto/${id}`);
      await page.getByRole('switch', { name: 'Multiple days' }).check({ force: true });
      const d1 = new Date(day);
      d1.setDate(d1.getDate() + 7);
      const d2 = new Date(d1);
      d2.setDate(d2.getDate() + 1);
      await page.getByRole('button', { name: /^Dates/ }).click();
      const now = new Date();
      if (d1.getMonth() !== now.getMonth()) await page.locator('[data-direction="next"]').first().click();
      await page.getByRole('button', { name: dayLabel(d1), exact: true }).first().click();
      if (d2.getMonth() !== d1.getMonth()) await page.locator('[data-direction="next"]').first().click();
      await page.getByRole('button', { name: dayLabel(d2), exact: true }).first().click();
      await page.keyboard.press('Escape');
      await pickTime(page, /^Start time/, '09:00 am');
      await pickTime(page, /^End time/, '06:00 pm');
      await shot(page, `staff-${viewport}-13-pto-multiple`);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(new RegExp(`/staff-pto/${id}$`));
      const pto = await api('GET', `getPTOByEmployeeId/${id}`, undefined, ownerToken);
      expect((pto.body.pto as { date: string }[]).map((p) => p.date).sort()).toEqual([ymd(day), ymd(d1), ymd(d2)].sort());

      // Edit the first one, then delete it.
      await page.getByRole('link', { name: /^Edit day off/ }).first().click();
      await page.waitForURL(/\/staff-edit-pto\/\d+/);
      await pickTime(page, /^End time/, '04:00 pm');
      await shot(page, `staff-${viewport}-14-pto-edit`);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(new RegExp(`/staff-pto/${id}$`));
      await expectVisible(page, /10:00 am – 04:00 pm/);
      await page.getByRole('link', { name: /^Edit day off/ }).first().click();
      await page.getByRole('button', { name: 'Delete this day' }).click();
      await confirmYes(page, /Do you want to delete this day\?/);
      await page.waitForURL(new RegExp(`/staff-pto/${id}$`));
      await page.getByText(/Days off \(2\)/).waitFor();
      await ctx.close();
    });

    if (myTurn()) it('when the owner searches, opens, creates, edits and merges customers, then each shows what the spec says', async () => {
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signIn(page, 'owner', ownerId);
      await page.goto('/customers');
      // 002 §5: all three fields empty, the list is cleared; the page opens that way (issue 30)
      await expectVisible(page, /Type a first name, last name or phone to search/);
      await shot(page, `staff-${viewport}-20-customers`);
      // Loaded from its address, the page has Mantine's whole sheet after the few sheets the shell's layout
      // carries (app.tsx): the filled add button keeps its colour instead of UnstyledButton's transparent one.
      const addBackground = await page.getByRole('link', { name: 'Add customer' }).evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(addBackground).not.toBe('rgba(0, 0, 0, 0)');

      // Nobody is listed before a search; the search lists the Olivias only.
      const listed = page.getByRole('list', { name: 'Customers' }).getByRole('listitem');
      expect(await listed.count()).toBe(0);
      const searched = page.waitForResponse((r) => r.url().includes('/api/searchCustomerByNameAndPhone/') && r.ok());
      await page.getByLabel('First name').fill('olivia');
      await searched;
      await listed.filter({ hasText: /Olivia/i }).first().waitFor();
      expect(await listed.filter({ hasNotText: /Olivia/i }).count()).toBe(0);
      await shot(page, `staff-${viewport}-21-customers-search`);
      for (const meta of ['.*', '(', '\\']) {
        await page.getByLabel('First name').fill(meta);
        await expectVisible(page, /No customer/);
        expect(await page.getByText(/Something went wrong/).count()).toBe(0);
      }
      await page.getByLabel('First name').fill('');
      await expectVisible(page, /Type a first name, last name or phone to search/);
      await page.getByLabel('Last name').fill('smith');
      await expectVisible(page, /Olivia Smith/);
      await page.getByRole('button', { name: 'Reset' }).click();
      await expectVisible(page, /Type a first name, last name or phone to search/);
      expect(await page.getByLabel('Last name').inputValue()).toBe('');
      await page.getByLabel('First name').fill('olivia');
      await expectVisible(page, /Olivia Smith/);

      await page.getByRole('button', { name: 'Details of Olivia Smith' }).first().click();
      await page.getByRole('dialog').getByText('Upcoming appointments').waitFor();
      await shot(page, `staff-${viewport}-22-customer-modal`);
      await page.keyboard.press('Escape');

      // Create: Create appears once a first name is typed; then Congrats with Done to the new customer.
      const last = `e2e${tag.replace(/\D/g, '')}`;
      await page.goto('/customers/create');
      expect(await page.getByRole('button', { name: 'Create' }).count()).toBe(0);
      await page.getByLabel(/^First name/).fill('zed');
      await page.getByLabel(/^Last name/).fill(last);
      await page.getByLabel(/^Phone/).fill('2155550199');
      await page.getByRole('radio', { name: 'Linh Tran' }).check();
      await shot(page, `staff-${viewport}-23-customer-create`);
      await page.getByRole('button', { name: 'Create' }).click();
      await expectVisible(page, /Congrats/);
      await page.getByRole('link', { name: 'Done' }).click();
      await page.waitForURL(/\/customer\/\d+$/);
      createdCustomers.push(Number(new URL(page.url()).pathname.split('/').pop()));
      await expectVisible(page, /\(215\) 555-0199/);
      await expectVisible(page, /Favorite staff: Linh Tran/);
      await shot(page, `staff-${viewport}-24-customer-details`);

      // Edit: notes say banned; the favourite cleared by clicking it again.
      await page.getByRole('link', { name: 'Edit' }).click();
      await page.getByLabel(/^Notes/).fill('banned: no-shows');
      await page.getByRole('radio', { name: 'Linh Tran' }).click();
      expect(await page.getByRole('radio', { name: 'Linh Tran' }).isChecked()).toBe(false);
      await page.getByRole('switch', { name: 'Allow to book with Favorite staff' }).check({ force: true });
      await shot(page, `staff-${viewport}-25-customer-edit`);
      await page.getByRole('button', { name: 'Save' }).click();
      await confirmYes(page, /Do you want to update this customer\?/);
      await page.waitForURL(/\/customer\/\d+$/);
      await expectVisible(page, /Banned/);
      expect(await page.getByText(/Favorite staff:/).count()).toBe(0);

      // Merge two customers with the same last name.
      const mk = async (fname: string) =>
        (await api('POST', 'customer', { storeId: Number(STORE.id), fname, lname: `${last}m`, phone: '' }, ownerToken)).body.customer.id as number;
      const keep = await mk('keeper');
      const drop = await mk('dropper');
      createdCustomers.push(keep);
      await page.goto('/customers');
      await page.getByLabel('Last name').fill(`${last}m`);
      await expectVisible(page, /Keeper/);
      await page.getByRole('switch', { name: 'Merge customers' }).check({ force: true });
      await page.getByRole('button', { name: new RegExp(`^Keep Keeper .*\\(${keep}\\)$`) }).click();
      expect(await page.getByRole('button', { name: 'Merge' }).count()).toBe(0);
      await page.getByRole('button', { name: new RegExp(`^Delete Dropper .*\\(${drop}\\)$`) }).click();
      await shot(page, `staff-${viewport}-26-customer-merge`);
      await page.getByRole('button', { name: 'Merge' }).click();
      await confirmYes(page, /Do you want to merge/);
      await expectVisible(page, /Merged into/);
      const gone = await api('GET', `customer/${drop}`, undefined, ownerToken);
      expect(gone.status).toBe(404);
      await ctx.close();
    });

    if (myTurn()) it('when the limited staff member opens /customers, then they are sent to /stores/', async () => {
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await signIn(page, 'limited staff', ownerId);
      await page.goto('/customers');
      await page.waitForURL(/\/stores\/?$/);
      await shot(page, `staff-${viewport}-30-limited-redirect`);
      await ctx.close();
    });
  });
}
