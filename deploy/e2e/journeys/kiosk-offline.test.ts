/**
 * The kiosk tablet as an app (issue 32, docs/product/kiosk.md 'Network drops'): its manifest, its service
 * worker keeping the app's shell, and the salon's network going down under it (Playwright's
 * context.setOffline): a reload still opens the wizard, a sign-in shows the thank-you at once and the kiosk
 * starts over after 4 s for the next customer, a badge counts what waits to be sent (kept across a reload),
 * and every sign-in arrives exactly once when the network is back.
 */
import type { Browser, Page } from 'playwright-core';
import { must } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';

let browser: Browser;
const desk = demoLogin('store login (front desk; kiosk mode)');
const owner = demoLogin('owner');
let ownerToken: string;
let kioskToken: string;
let storeId: number;
let permalink: string;
let today: string;
let service: { id: number; name: string };

const uniquePhone = () => `610${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
const OFFLINE_THANKS = "You're signed in. We'll let the front desk know as soon as we're back online.";

beforeAll(async () => {
  browser = await launch();
  const signedIn = await must('POST', 'storeLogin', { username: desk.login, password: desk.password, mode: 'kiosk' });
  storeId = signedIn.store.id;
  permalink = signedIn.store.permalink;
  kioskToken = signedIn.access_token;
  ownerToken = (await must('POST', 'login', { email: owner.login, password: owner.password })).access_token;
  const [store] = (await must('GET', `getStoreByPermalink/${permalink}`, undefined, ownerToken)).stores;
  today = new Intl.DateTimeFormat('en-CA', { timeZone: store.timezone || 'America/New_York' }).format(new Date());
  const services = (await must('GET', `getExternalServicesByStoreId/${storeId}`, undefined, kioskToken)).services;
  service = services.find((s: { status: string }) => s.status !== 'OFF');
}, 60_000);
afterAll(async () => browser?.close());

async function keypad(page: Page, digits: string) {
  const pad = page.getByRole('group', { name: 'Keypad' });
  for (const d of digits) await pad.getByRole('button', { name: d, exact: true }).click();
}

/** A walk-in party signs in on the tablet; answers when Sign In was pressed (ms since the epoch). */
async function signInWalkIn(page: Page, phone: string, lname: string, size: number): Promise<number> {
  await page.getByRole('button', { name: 'Walk-in' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await keypad(page, phone);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('lia');
  await page.getByRole('textbox', { name: 'Last name' }).fill(lname);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: size === 1 ? '1 person' : `${size} people` }).click();
  for (let i = 1; i <= size; i++) {
    const group = size === 1 ? 'Your services' : i === 1 ? 'Person 1 (you)' : `Person ${i}`;
    await page.getByRole('group', { name: group }).getByRole('button', { name: service.name, exact: true }).click();
  }
  const pressed = Date.now();
  await page.getByRole('button', { name: 'Sign In' }).click();
  return pressed;
}

const sheetsOf = async (phone: string) =>
  ((await must('GET', `getSheetsByStoreId/${storeId}/${today}`, undefined, ownerToken)).sheets as Array<Record<string, any>>).filter((s) => s.customer_phone === phone);
const waitingBadge = (page: Page) => page.getByRole('status', { name: /waiting to be sent/ });

describe('the kiosk as an installable app, offline', () => {
  it("when the salon's network goes down, then a reload opens the wizard, a sign-in thanks at once and the kiosk starts over after 4 s, a badge counts what waits (kept across a reload), and back online every sign-in arrives once", async () => {
    const ctx = await newContext(browser, 'tabletLandscape');
    const page = await ctx.newPage();
    await page.goto(`/kiosk/${permalink}`);
    await page.getByRole('textbox', { name: 'Store username' }).fill(desk.login);
    await page.getByLabel('Store password').fill(desk.password);
    await page.getByRole('button', { name: 'Start kiosk mode' }).click();
    await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor();

    // Installable: the store's own manifest, full screen, with icons; a service worker controls the page.
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(manifestUrl!)).json();
    expect(manifest).toMatchObject({ name: 'Lotus Nail Spa', display: 'fullscreen', start_url: `/kiosk/${permalink}`, scope: '/kiosk/' });
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const res = await page.request.get(icon.src);
      expect([icon.src, res.status(), res.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
    }
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.waitForFunction(() => navigator.serviceWorker.controller != null);
    // One reload online under the worker keeps the wizard's reads (store, services, staff) for offline.
    await page.reload();
    await page.getByText('Welcome to Lotus Nail Spa').waitFor();

    // The network goes down; a reload still opens the wizard, with the store's name and its services.
    await ctx.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor();
    await page.getByText('Welcome to Lotus Nail Spa').waitFor();
    await shot(page, 'kiosk-offline-1-reloaded');

    const alone = uniquePhone();
    const lname = `offline${Date.now() % 100000}`;
    const pressed = await signInWalkIn(page, alone, lname, 1);
    await page.getByText(OFFLINE_THANKS).waitFor({ timeout: 2_000 });
    const thanked = Date.now() - pressed;
    expect(await page.getByText('Signing you in…').count()).toBe(0);
    await shot(page, 'kiosk-offline-2-thank-you');
    await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor({ timeout: 8_000 });
    const startedOver = Date.now() - pressed;
    // The usual 4 s on the thank-you page, then the next customer can start.
    expect([thanked < 2_000, startedOver >= 3_500, startedOver < 8_000]).toEqual([true, true, true]);
    await waitingBadge(page).filter({ hasText: '1 sign-in waiting to be sent' }).waitFor();
    await shot(page, 'kiosk-offline-3-badge-one-waiting');

    // The next customer, a party of 2, at once; then the tablet is reloaded, still offline: nothing is lost.
    const party = uniquePhone();
    await signInWalkIn(page, party, lname, 2);
    await page.getByText(OFFLINE_THANKS).waitFor({ timeout: 2_000 });
    await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor({ timeout: 8_000 });
    await page.reload();
    await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor();
    await waitingBadge(page).filter({ hasText: '2 sign-ins waiting to be sent' }).waitFor();
    await shot(page, 'kiosk-offline-4-reloaded-two-waiting');
    expect(await sheetsOf(alone)).toHaveLength(0);

    // Back online: every sign-in is sent, once; the badge goes away.
    await ctx.setOffline(false);
    for (const until = Date.now() + 30_000; (await sheetsOf(party)).length < 2 && Date.now() < until; ) await page.waitForTimeout(250);
    await waitingBadge(page).waitFor({ state: 'detached', timeout: 10_000 });
    await shot(page, 'kiosk-offline-5-back-online');
    const first = await sheetsOf(alone);
    const two = await sheetsOf(party);
    expect(first).toHaveLength(1);
    expect(two.map((s) => s.party?.index).sort()).toEqual([1, 2]);
    // Each has its one walk-in appointment, and the line the kiosk reads through the API has all three.
    const appointments = new Set([...first, ...two].map((s) => s.appointment_id));
    expect(appointments.size).toBe(3);
    const queue = await must('GET', `getQueueByStoreIdAndDate/${storeId}/${today}`, undefined, kioskToken);
    const inLine = (queue.places as { sheetId: number }[]).map((p) => p.sheetId);
    expect([...first, ...two].every((s) => inLine.includes(s.id))).toBe(true);

    // Nothing arrives a second time later (a retry after a lost answer replays its first answer).
    await page.waitForTimeout(3_000);
    expect([(await sheetsOf(alone)).length, (await sheetsOf(party)).length]).toEqual([1, 2]);
    await ctx.close();
  }, 300_000);
});
