import type { Browser, Page } from 'playwright-core';
import { api } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { expectVisible, loginAndSettle } from '../src/steps';

let browser: Browser;

/** Resolves when the page's realtime connection has been told it is subscribed to the version channel. */
function joinedVersionChannel(page: Page): Promise<unknown> {
  return page.waitForEvent('websocket').then((ws) =>
    ws.waitForEvent('framereceived', {
      predicate: (f) => /"type":"subscribed"/.test(String(f.payload)) && /"channel":"version"/.test(String(f.payload)),
      timeout: 20_000,
    }));
}
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

describe('super admin', () => {
  it('when the super admin opens the dashboard and users, then tiles, formatted phones and version colours show', async () => {
    const admin = demoLogin('super admin');
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await loginAndSettle(page, admin.login, admin.password);
    await page.goto('/admin-dashboard');
    await page.getByRole('link', { name: /users/i }).first().waitFor(); // the admin module loads lazily
    for (const tile of [/stores/i, /users/i, /subscriptions/i, /tools/i]) {
      expect(await page.getByRole('link', { name: tile }).count()).toBeGreaterThan(0);
    }
    await shot(page, '05-admin-dashboard');

    await page.goto('/admin-users');
    await expectVisible(page, /\(\d{3}\) \d{3}-\d{4}/);
    // Each user's app version is a badge: green when it matches the current setting, red otherwise.
    const badges = page.getByLabel(/^App version .*, (up to date|outdated)$/);
    expect(await badges.count()).toBeGreaterThan(0);
    const colours = await badges.evaluateAll((els) => els.map((e) => [e.getAttribute('aria-label'), e.getAttribute('data-color')]));
    for (const [label, colour] of colours) expect(colour).toBe(label!.endsWith('up to date') ? 'green' : 'red');
    await shot(page, '05-admin-users');

    await page.getByRole('button', { name: /^details of/i }).first().click();
    const edit = page.getByRole('link', { name: /edit/i }).first();
    expect(await edit.getAttribute('href')).toMatch(/^\/users\/edit\/\d+$/);
    await shot(page, '05-admin-user-modal');
    await ctx.close();
  });

  it('when the super admin opens Stores, then every store is listed with its id, owner and calendar link', async () => {
    const admin = demoLogin('super admin');
    for (const viewport of ['tablet', 'desktop'] as const) {
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await loginAndSettle(page, admin.login, admin.password);
      await page.goto('/admin-stores');
      const link = page.locator('a[href="/calendar/lotus-nail-spa"]').first();
      await link.waitFor();
      await expectVisible(page, /lotus nail spa/i);
      // The row shows the store's id and its owner's id, as the API knows them.
      const token = (await api('POST', 'login', { email: admin.login, password: admin.password })).body.access_token as string;
      const store = (await api('GET', 'getStoreByPermalink/lotus-nail-spa', undefined, token)).body.stores[0] as { id: number; ownerId: number };
      const row = page.getByRole('row').filter({ has: page.locator('a[href="/calendar/lotus-nail-spa"]') });
      const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.trim());
      expect(cells).toContain(String(store.id));
      expect(cells).toContain(String(store.ownerId));
      await shot(page, `07-admin-stores-${viewport}`);
      await ctx.close();
    }
  });

  it('when the super admin saves a new app version, then other open tabs reload and show the update notice', async () => {
    const admin = demoLogin('super admin');
    const owner = demoLogin('owner');

    const ownerCtx = await newContext(browser, 'tablet');
    const ownerPage = await ownerCtx.newPage();
    const ownerJoined = joinedVersionChannel(ownerPage);
    await loginAndSettle(ownerPage, owner.login, owner.password);
    const visitorCtx = await newContext(browser, 'phone');
    const visitorPage = await visitorCtx.newPage();
    const visitorJoined = joinedVersionChannel(visitorPage);
    await visitorPage.goto('/');
    // Both tabs must be on the version channel before the new version is saved.
    await ownerJoined;
    await visitorJoined;

    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await loginAndSettle(page, admin.login, admin.password);
    await page.goto('/admin-settings');
    const version = `9.${Date.now() % 100000}`;
    await page.getByLabel(/^app_version\s*\*?$/i).fill(version);
    await page.getByLabel(/^body\s*\*?$/i).fill('New calendar colours and faster booking.');
    await page.getByRole('button', { name: /^save$/i }).first().click();
    await expectVisible(page, /do you want to update the setting\?/i);
    await shot(page, '05-admin-settings-confirm');
    const ownerReloaded = ownerPage.waitForEvent('load', { timeout: 20_000 });
    const visitorReloaded = visitorPage.waitForEvent('load', { timeout: 20_000 });
    await page.getByRole('button', { name: /^(yes|ok|confirm)$/i }).click();

    await ownerReloaded;
    await visitorReloaded;
    await expectVisible(ownerPage, /new calendar colours and faster booking/i);
    await shot(ownerPage, '05-owner-update-notice');
    await ctx.close();
    await ownerCtx.close();
    await visitorCtx.close();
  });

  it('when a user logs out, then only the new-update marker stays and they are back on /', async () => {
    const owner = demoLogin('owner');
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await loginAndSettle(page, owner.login, owner.password);
    // The marker a version event leaves behind; reload so the session store reads it like after the event.
    await page.evaluate(() => localStorage.setItem('new_update', 'seen-9.9'));
    await page.reload();
    await page.waitForLoadState('networkidle');
    // On a desktop the menu is always open: Log out is one click away.
    await page.getByText(/^log ?out$/i).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys).toEqual(['new_update']);
    await shot(page, '06-after-logout');
    await ctx.close();
  });
});
