import type { Browser } from 'playwright-core';
import { api, uniqueEmail } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { expectVisible, loginAndSettle, registerVerified } from '../src/steps';

let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

const STORE_PASSWORD = 'Kiosk-pass-7';
const PIN = '2468';

describe('kiosk mode', () => {
  it('when the front desk turns the tablet into the kiosk, then it holds a kiosk token only, and leaving asks for the store PIN', async () => {
    // An owner with a store of their own and its PIN set in the store settings.
    const email = uniqueEmail('kiosk-owner');
    await registerVerified(email, 'Kiosk-owner-1');
    const owner = (await api('POST', 'login', { email, password: 'Kiosk-owner-1' })).body.access_token as string;
    const username = `kiosk-${Date.now() % 1_000_000}`;
    const store = (await api('POST', 'store', {
      name: `Kiosk Salon ${Date.now() % 100000}`, street: '1 Main St', city: 'Easton', state: 'PA', zip: '18042', email, phone: '6105550100',
      username, password: STORE_PASSWORD, password_confirmation: STORE_PASSWORD,
    }, owner)).body.store as { id: number; permalink: string };
    expect((await api('PATCH', `store/${store.id}`, { PIN }, owner)).status).toBe(200);

    const ctx = await newContext(browser, 'tablet');
    const page = await ctx.newPage();
    await loginAndSettle(page, username, STORE_PASSWORD);
    await page.goto('/customer-sign-in-sheet');
    // The front desk has the sign-in wizard; 'Start kiosk mode' hands the tablet over.
    await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor();
    await page.getByRole('button', { name: 'Start kiosk mode' }).click();
    await page.getByRole('textbox', { name: 'Store username' }).fill(username);
    await page.getByLabel('Store password').fill(STORE_PASSWORD);
    await shot(page, 'kiosk-tablet-start');
    await page.getByRole('button', { name: 'Start kiosk mode' }).click();
    // Kiosk mode is the tablet's own app: no shell frame (header, menu, footer, Turns Indicator) around it.
    await page.waitForURL(`**/kiosk/${store.permalink}`);
    await page.getByRole('button', { name: 'Exit kiosk mode' }).waitFor();
    await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor();
    await shot(page, 'kiosk-tablet-in-kiosk-mode');
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByText('Turns Indicator').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    // Back, or a shell page typed in, lands on the kiosk app again.
    await page.goto('/sign-in-sheets');
    await page.waitForURL(`**/kiosk/${store.permalink}`);
    await page.getByRole('button', { name: 'Exit kiosk mode' }).waitFor();
    await shot(page, 'kiosk-tablet-shell-page-sent-back');
    expect(await page.getByText('Turns Indicator').count()).toBe(0);

    // What the tablet now holds reads no customer list and no staff emails.
    const held = (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '';
    expect((await api('GET', `getCustomersByStoreId/${store.id}`, undefined, held)).status).toBe(403);
    expect((await api('GET', `getStaffsByStoreId/${store.id}`, undefined, held)).status).toBe(403);

    await page.getByRole('button', { name: 'Exit kiosk mode' }).click();
    await page.getByLabel('Store PIN').fill('0000');
    await page.getByRole('button', { name: 'Exit', exact: true }).click();
    await expectVisible(page, /Wrong PIN/);
    await shot(page, 'kiosk-tablet-wrong-pin');
    expect(new URL(page.url()).pathname).toBe(`/kiosk/${store.permalink}`);

    await page.getByLabel('Store PIN').fill(PIN);
    // The session is cleared (the router's guard already shows /login) and the page then loads /login anew:
    // wait for that load, or the check below runs in a page being replaced.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Exit', exact: true }).click();
    await reloaded;
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await ctx.close();
  });

  it("when a store made without a PIN has its tablet in kiosk mode, then the owner's sign-in leaves it (never stuck); another store's login cannot start it", async () => {
    const email = uniqueEmail('kiosk-nopin');
    await registerVerified(email, 'Kiosk-owner-2');
    const owner = (await api('POST', 'login', { email, password: 'Kiosk-owner-2' })).body.access_token as string;
    const username = `nopin-${Date.now() % 1_000_000}`;
    const store = (await api('POST', 'store', {
      name: `No Pin Salon ${Date.now() % 100000}`, street: '2 Main St', city: 'Easton', state: 'PA', zip: '18042', email, phone: '6105550101',
      username, password: STORE_PASSWORD, password_confirmation: STORE_PASSWORD,
    }, owner)).body.store as { id: number; permalink: string };
    const other = `other-${Date.now() % 1_000_000}`;
    await api('POST', 'store', {
      name: `Other Salon ${Date.now() % 100000}`, street: '3 Main St', city: 'Easton', state: 'PA', zip: '18042', email, phone: '6105550102',
      username: other, password: STORE_PASSWORD, password_confirmation: STORE_PASSWORD,
    }, owner);

    const ctx = await newContext(browser, 'tablet');
    const page = await ctx.newPage();
    await page.goto(`/kiosk/${store.permalink}`);
    await page.getByRole('textbox', { name: 'Store username' }).fill(other);
    await page.getByLabel('Store password').fill(STORE_PASSWORD);
    await page.getByRole('button', { name: 'Start kiosk mode' }).click();
    await expectVisible(page, /This login is for another store/);
    await shot(page, 'kiosk-tablet-other-store-refused');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

    await page.getByRole('textbox', { name: 'Store username' }).fill(username);
    await page.getByLabel('Store password').fill(STORE_PASSWORD);
    await page.getByRole('button', { name: 'Start kiosk mode' }).click();
    await page.getByRole('button', { name: 'Exit kiosk mode' }).click();
    await page.getByLabel('Store PIN').fill('1234');
    await page.getByRole('button', { name: 'Exit', exact: true }).click();
    await expectVisible(page, /This store has no PIN yet. The store's owner can leave kiosk mode/);
    await page.getByLabel("Owner's email").fill(email);
    await page.getByLabel("Owner's password").fill('Kiosk-owner-2');
    await shot(page, 'kiosk-tablet-no-pin-owner-exit');
    await page.getByRole('button', { name: 'Exit', exact: true }).click();
    await page.waitForURL(/\/login/);
    await ctx.close();
  });
});
