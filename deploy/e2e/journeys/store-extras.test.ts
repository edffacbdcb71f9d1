import type { Browser, Page } from 'playwright-core';
import { api, uniqueEmail } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { expectVisible, keyboardMoveDown, loginAndSettle, registerVerified } from '../src/steps';

let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

/** Chooses a store on /stores the way a user does: click its card (the session then holds the store). */
async function chooseStore(page: Page, name: RegExp) {
  await page.goto('/stores');
  await page.getByRole('link', { name }).first().click();
  await page.waitForURL(/\/calendar\//);
}

describe('store management extras', () => {
  it('when a staff member signs in, then the store they work at is under Your Workplaces', async () => {
    const linh = demoLogin('admin staff');
    const ctx = await newContext(browser, 'tablet');
    const page = await ctx.newPage();
    await loginAndSettle(page, linh.login, linh.password);
    await page.goto('/stores');
    const workplaces = page.locator('section', { has: page.getByRole('heading', { name: 'Your Workplaces' }) });
    await workplaces.getByRole('link', { name: /lotus nail spa/i }).waitFor();
    expect(await workplaces.locator('a[href="/calendar/lotus-nail-spa"]').count()).toBeGreaterThan(0);
    await shot(page, 'extras-tablet-workplaces');
    await ctx.close();
  });

  it('when the owner deletes a store, then it is archived: Deleted! shows and it leaves My Stores', async () => {
    const email = uniqueEmail('closing');
    await registerVerified(email, 'Closing-pass-1');
    const token = (await api('POST', 'login', { email, password: 'Closing-pass-1' })).body.access_token as string;
    const name = `Closing Salon ${Date.now() % 100000}`;
    const created = await api('POST', 'store', {
      name, street: '1 Main St', city: 'Easton', state: 'PA', zip: '18042', email, phone: '6105550100',
      username: `closing-${Date.now() % 100000}`, password: 'Kiosk-pass-9', password_confirmation: 'Kiosk-pass-9',
    }, token);
    expect(created.status).toBe(201);

    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await loginAndSettle(page, email, 'Closing-pass-1');
    await chooseStore(page, new RegExp(name, 'i'));
    await page.goto(`/stores/edit/${created.body.store.permalink}`);
    await page.getByRole('button', { name: /delete store/i }).click();
    await expectVisible(page, /do you want to delete this store\?/i);
    await page.getByRole('button', { name: /^(yes|ok|confirm)$/i }).click();
    await expectVisible(page, /deleted!/i);
    await shot(page, 'extras-desktop-store-deleted');
    await page.goto('/stores');
    // My Stores has loaded (its empty state: the deleted store was the owner's only one) and the store is gone.
    await expectVisible(page, /No stores yet/);
    await shot(page, 'extras-desktop-stores-after-delete');
    expect(await page.getByRole('link', { name: new RegExp(name, 'i') }).count()).toBe(0);
    const ownerId = (await api('POST', 'login', { email, password: 'Closing-pass-1' })).body.user.id as number;
    const mine = await api('GET', `getStoreByOwnerId/${ownerId}`, undefined, token);
    expect(mine.status).toBe(200);
    expect((mine.body.stores ?? []).map((s: { id: number }) => s.id)).not.toContain(created.body.store.id);
    await ctx.close();
  });

  it('when the owner reorders staff with the keyboard and saves, then the new order is stored', async () => {
    const owner = demoLogin('owner');
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await loginAndSettle(page, owner.login, owner.password);
    await chooseStore(page, /lotus nail spa/i);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const storeId = await page.evaluate(() => localStorage.getItem('store_id'));
    const order = async () =>
      ((await api('GET', `getStaffsByStoreId/${storeId}`, undefined, token!)).body.employees as Array<{ id: number; sortIndex: number }>)
        .sort((a, b) => a.sortIndex - b.sortIndex)
        .map((e) => e.id);
    const before = await order();

    await page.goto('/staffs');
    await page.getByRole('button', { name: 'Reorder staff' }).click();
    const handle = page.getByRole('button', { name: /^Drag .*, position 1$/ });
    await handle.focus();
    // dnd-kit moves the item on the keys; wait for the list to show the new order, not for a fixed time.
    const names = () => page.getByRole('button', { name: /^Drag / }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const shownBefore = await names();
    await keyboardMoveDown(page);
    await page.waitForFunction((before) => {
      const now = [...document.querySelectorAll('button[aria-label^="Drag "]')].map((e) => e.getAttribute('aria-label'));
      return JSON.stringify(now) !== JSON.stringify(before);
    }, shownBefore);
    await shot(page, 'extras-desktop-staff-reordered');
    await page.getByRole('button', { name: /^save$/i }).click();
    await page.getByRole('button', { name: 'Reorder staff' }).waitFor();

    const after = await order();
    expect(after.slice(0, 2)).toEqual([before[1], before[0]]);
    expect(after.slice(2)).toEqual(before.slice(2));
    // Put the demo back as it was.
    for (const [i, id] of before.entries()) await api('POST', `updateEmployeeSortIndex/${id}`, { sortIndex: i }, token!);
    await ctx.close();
  });
});
