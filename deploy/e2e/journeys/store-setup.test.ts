import type { Browser, Page } from 'playwright-core';
import { api, uniqueEmail } from '../src/api';
import { launch, newContext, shot, type VIEWPORTS } from '../src/browser';
import { expectVisible, loginAndSettle, registerVerified } from '../src/steps';

let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

type Viewport = keyof typeof VIEWPORTS;

/** An 8×4 PNG (wider than tall, so a rotation shows). */
const PNG_8x4 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAIAAAA8r+mnAAAAEUlEQVR4nGM4EVCBFTFQTwIAzusyAT2T7nsAAAAASUVORK5CYII=';

/** Chooses an option of a Mantine Select (a combobox input and a listbox). */
async function choose(page: Page, label: string | RegExp, search: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: typeof label === 'string' });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Sets a switch by keyboard (Space), as a keyboard user would; Mantine's input is visually hidden. */
async function setSwitch(page: Page, name: string | RegExp, checked: boolean) {
  const sw = page.getByRole('switch', { name });
  if ((await sw.isChecked()) === checked) return;
  await sw.focus();
  await page.keyboard.press('Space');
  await page.waitForFunction(([el, want]) => (el as HTMLInputElement).checked === want, [await sw.elementHandle(), checked] as const);
}

async function confirmYes(page: Page, question: string) {
  await expectVisible(page, new RegExp(question.replace(/[?]/g, '\\?')));
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

async function storeSetup(viewport: Viewport) {
  const tag = `${viewport}-${Date.now() % 1_000_000}`;
  const email = uniqueEmail(`store-${viewport}`);
  const password = 'Owner-pass-1';
  const storeName = `Orchid Nails ${tag}`;
  const permalink = storeName.toLowerCase().replace(/\s+/g, '-');
  const username = `orchid-${tag}`;
  const storePassword = 'Desk-pass-2';
  await registerVerified(email, password);

  const ctx = await newContext(browser, viewport);
  const page = await ctx.newPage();
  await loginAndSettle(page, email, password);
  await page.waitForURL(/\/stores$/);
  await expectVisible(page, /No stores yet/);
  await shot(page, `store-${viewport}-01-my-stores-empty`);

  // ---- Create Store wizard
  await page.getByRole('link', { name: 'Create New Store' }).first().click();
  await page.waitForURL(/\/stores\/create$/);
  expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
  await page.getByLabel(/^Business name/).fill(storeName);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^Address 1/).fill('88 Chestnut Street');
  await page.getByLabel(/^Address 2/).fill('Unit 4');
  await page.getByLabel(/^City/).fill('Washington');
  await page.getByLabel(/^State/).selectOption('DC');
  await page.getByLabel(/^Zip/).fill('20001');
  await shot(page, `store-${viewport}-02-create-address`);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^Business email/).fill(`desk-${tag}@example.com`);
  await page.getByLabel(/^Business phone/).fill('2025550123');
  await page.getByRole('button', { name: 'Next' }).click();
  await expectVisible(page, /When are you open\?/);
  // issue 30: every day closed (the wizard's start) is warned; the warning goes once a day opens
  await expectVisible(page, /Your store is closed all seven days, so no appointment can be booked/);
  await shot(page, `store-${viewport}-03-create-hours-all-closed`);
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    await setSwitch(page, `${day} open`, true);
  }
  expect(await page.getByText(/closed all seven days/).count()).toBe(0);
  await shot(page, `store-${viewport}-03-create-hours`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectVisible(page, /Your store sign-in account/);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^Store username/).fill(username);
  await page.getByLabel(/^Password\s*\*?$/).fill('Desk-pass-1');
  await page.getByLabel(/^Confirm password/).fill('Desk-pass-x');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectVisible(page, /Password didn't match/);
  await shot(page, `store-${viewport}-04-create-mismatch`);
  await page.getByLabel(/^Confirm password/).fill('Desk-pass-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/stores$/);

  // ---- My Stores
  await expectVisible(page, /Your Business\(es\)/);
  const tile = page.getByRole('link', { name: new RegExp(`^${storeName}\\s*: open the calendar`, 'i') });
  await tile.waitFor();
  expect(await tile.getAttribute('href')).toBe(`/calendar/${permalink}`);
  await shot(page, `store-${viewport}-05-my-stores`);
  await tile.click();
  await page.waitForURL(new RegExp(`/calendar/${permalink}$`));
  // issue 30: a new store has no staff column yet: the calendar says so and links to Add staff
  const noStaff = page.getByRole('alert').filter({ hasText: "Your store doesn't have staff yet" });
  await noStaff.waitFor();
  expect(await noStaff.getByRole('link', { name: 'Add staff' }).getAttribute('href')).toBe('/staffs/create');
  await shot(page, `store-${viewport}-05b-calendar-no-staff`);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  // below 1200 px the menu is behind the burger (issue 31 item 1); a link chosen closes it again
  const menuLink = async (name: string) => {
    const burger = page.getByRole('button', { name: 'Open menu' });
    if (await burger.isVisible()) await burger.click();
    return nav.getByRole('link', { name });
  };
  await nav.getByRole('link', { name: 'Store Details' }).waitFor();

  // ---- Store Details
  await (await menuLink('Store Details')).click();
  await page.waitForURL(new RegExp(`/store/${permalink}$`));
  await expectVisible(page, /Store id/i);
  await expectVisible(page, /\(202\) 555-0123/);
  const hoursTable = page.getByRole('table', { name: 'Business hours' });
  await expect(hoursTable.getByRole('row', { name: /Monday/ }).textContent()).resolves.toContain('9:00 AM - 6:00 PM');
  await expect(hoursTable.getByRole('row', { name: /Sunday/ }).textContent()).resolves.toContain('CLOSED');
  await shot(page, `store-${viewport}-06-store-details`);

  // ---- Store settings: hours and time zone
  await page.getByRole('link', { name: 'Store settings' }).click();
  await page.waitForURL(new RegExp(`/stores/edit/${permalink}$`));
  await setSwitch(page, 'Sunday closed', false);
  await choose(page, 'Sunday open time', '11:00 AM', '11:00 AM');
  await choose(page, 'Sunday close time', '4:00 PM', '4:00 PM');
  await choose(page, 'Tuesday close time', '7:30 PM', '7:30 PM');
  await choose(page, 'Time zone', 'Chicago', 'Central — Chicago');
  await setSwitch(page, 'Turns block on the front desk', true);
  await shot(page, `store-${viewport}-07-store-settings`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await confirmYes(page, 'Do you want to update this store?');
  await expectVisible(page, /^Updated!$/);
  await shot(page, `store-${viewport}-08-store-updated`);
  await page.getByRole('link', { name: 'Done' }).click();
  await page.waitForURL(new RegExp(`/store/${permalink}$`));
  await expectVisible(page, /America\/Chicago/);
  await expect(hoursTable.getByRole('row', { name: /Sunday/ }).textContent()).resolves.toContain('11:00 AM - 4:00 PM');
  await expect(hoursTable.getByRole('row', { name: /Tuesday/ }).textContent()).resolves.toContain('9:00 AM - 7:30 PM');

  // ---- Update Store Password
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.waitForURL(/\/stores\/security\/\d+$/);
  await page.getByLabel(/^Owner's Password/).fill(password);
  await page.getByLabel(/^New Store Password/).fill(storePassword);
  await page.getByLabel(/^Confirm New Store Password/).fill(storePassword);
  await page.getByRole('button', { name: 'Update' }).click();
  await confirmYes(page, 'Do you want to update your password?');
  await expectVisible(page, /^Success\.$/);
  await shot(page, `store-${viewport}-09-store-password-success`);

  // ---- Services: add with the wizard
  await (await menuLink('Services')).click();
  await page.waitForURL(/\/services$/);
  await expectVisible(page, /No data/);
  await page.getByRole('link', { name: 'Add service' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expectVisible(page, /Please give your service a name/);
  await page.getByLabel(/^Service name/).fill('Orchid Gel Manicure');
  await page.getByRole('button', { name: 'Next' }).click();
  await expectVisible(page, /How long is for one session\?/);
  await page.getByLabel(/^Duration/).fill('45');
  await page.getByLabel(/^Price/).fill('38.5');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Nail polish (icon 1)' }).click();
  await shot(page, `store-${viewport}-10-service-icon`);
  await page.getByRole('button', { name: 'Create' }).click();
  await expectVisible(page, /^Congrats!$/);
  await expectVisible(page, /Orchid Gel Manicure has been added!/);
  await shot(page, `store-${viewport}-11-service-congrats`);
  await page.getByRole('link', { name: 'Done' }).click();
  await page.waitForURL(/\/services$/);

  // Two more through the API, so there is something to reorder.
  const token = (await api('POST', 'login', { email, password })).body.access_token as string;
  const storeId = Number((await api('GET', `getStoreByPermalink/${permalink}`, undefined, token)).body.stores[0].id);
  for (const [name, icon] of [['Orchid Pedicure', '4'], ['Orchid Polish Change', '9']]) {
    const r = await api('POST', 'service', { storeId, name, duration: 30, icon, price: 20 }, token);
    expect(r.status).toBe(201);
  }
  await page.reload();

  // ---- Edit the service
  await page.getByRole('link', { name: 'Edit Orchid Gel Manicure' }).click();
  await expectVisible(page, /^Service settings$/);
  // The price keeps its cents (it used to be rounded to whole dollars on load and saved that way).
  await expect(page.getByLabel(/^Price\(\$\)/).inputValue()).resolves.toBe('38.50');
  await page.getByLabel(/^Price\(\$\)/).fill('42');
  await page.getByLabel(/^Colour/).fill('#c8e6c9');
  await setSwitch(page, /^Internal/, true);
  await page.getByRole('radio', { name: 'Lotus (icon 14)' }).click();
  await shot(page, `store-${viewport}-12-service-settings`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await confirmYes(page, 'Do you want to update this service?');
  await expectVisible(page, /^Updated!$/);
  await page.getByRole('link', { name: 'Done' }).click();
  await page.waitForURL(/\/services$/);
  await expectVisible(page, /\*Internal service/);

  // ---- Reorder by drag: the last service to the top
  await page.getByRole('button', { name: 'reorder' }).click();
  const handle = page.getByRole('button', { name: 'Drag Orchid Polish Change' });
  const target = page.getByRole('button', { name: 'Drag Orchid Gel Manicure' });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Small steps, as a hand moves: dnd-kit starts a drag after a few pixels.
  await page.mouse.move(from.x + from.width / 2, to.y + from.height / 2 - 10, { steps: 12 });
  await page.mouse.up();
  await shot(page, `store-${viewport}-13-services-reorder`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('button', { name: 'reorder' }).waitFor();
  const after = (await api('GET', `getServicesByStoreId/${storeId}`, undefined, token)).body.services as { name: string; sortIndex: number }[];
  expect(after.sort((a, b) => a.sortIndex - b.sortIndex).map((s) => s.name)).toEqual(['Orchid Polish Change', 'Orchid Gel Manicure', 'Orchid Pedicure']);
  await shot(page, `store-${viewport}-14-services`);

  // ---- My Account
  await (await menuLink('My Account')).click();
  await page.waitForURL(/\/user\/\d+$/);
  const userId = page.url().split('/').pop();
  await expectVisible(page, /\(215\) 555-0177/);
  await shot(page, `store-${viewport}-15-my-account`);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.waitForURL(/\/users\/edit\/\d+$/);
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(PNG_8x4, 'base64') });
  await page.getByRole('button', { name: /^Rotate 90 degrees/ }).click();
  await expectVisible(page, /Rotation: 90°/);
  await page.getByLabel(/^First name/).fill('Patricia');
  await page.getByLabel(/^Phone/).fill('2155550188');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await confirmYes(page, 'Do you want to update this user?');
  await expectVisible(page, /^Updated!$/);
  await shot(page, `store-${viewport}-16-account-updated`);
  await page.getByRole('link', { name: 'Done' }).click();
  await page.waitForURL(new RegExp(`/user/${userId}$`));
  await expectVisible(page, /\(215\) 555-0188/);
  expect(await page.getByRole('img', { name: /^Picture of/ }).getAttribute('src')).toMatch(/\/api\/profile-pictures\//);
  await page.goto(`/users/security/${userId}`);
  await page.getByLabel(/^Current password/).fill(password);
  await page.getByLabel(/^New password/).fill('Owner-pass-2');
  await page.getByLabel(/^Confirm new password/).fill('Owner-pass-2');
  await page.getByRole('button', { name: 'Update' }).click();
  await expectVisible(page, /^Success\.$/);
  await shot(page, `store-${viewport}-17-account-password-success`);
  expect((await api('POST', 'login', { email, password: 'Owner-pass-2' })).status).toBe(200);
  await ctx.close();

  // ---- The store account signs in: store-login menu
  const kiosk = await newContext(browser, viewport);
  const desk = await kiosk.newPage();
  await loginAndSettle(desk, username, storePassword);
  await desk.waitForURL(new RegExp(`/calendar/${permalink}$`));
  const deskNav = desk.getByRole('navigation', { name: 'Main menu' });
  await deskNav.getByRole('link', { name: 'Customer Sign In' }).waitFor();
  await deskNav.getByRole('link', { name: 'Turns Indicator' }).waitFor();
  expect(await deskNav.getByRole('link', { name: 'Store Details' }).count()).toBe(0);
  await shot(desk, `store-${viewport}-18-store-login-menu`);
  await kiosk.close();
}

describe('store setup', () => {
  it('when a professional sets up a store on a tablet, then the wizard, details, settings, password, services and account all work', async () => {
    await storeSetup('tablet');
  }, 240_000);

  it('when a professional sets up a store on a desktop, then the wizard, details, settings, password, services and account all work', async () => {
    await storeSetup('desktop');
  }, 240_000);
});
