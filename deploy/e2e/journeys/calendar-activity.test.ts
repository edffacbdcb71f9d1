import type { Browser, Page } from 'playwright-core';
import { api } from '../src/api';
import { bookableStore, type BookableStore } from '../src/bookable-store';
import { launch, newContext, shot, type VIEWPORTS } from '../src/browser';
import { newGuest } from '../src/guest';
import { expectVisible, loginAndSettle, signInOnce } from '../src/steps';

// The bell and the activities of a store of its own (bookableStore: open every day, one staff member taking
// online requests), so its counts are this file's alone and it runs in the `own` lane (lanes.cjs).
let browser: Browser;
let store: BookableStore;
beforeAll(async () => {
  browser = await launch();
  store = await bookableStore('activity', 'America/New_York');
}, 120_000);
afterAll(async () => browser?.close());

/** '02:15 pm' for 855 minutes since midnight, as the server takes times. */
const time12 = (min: number) => {
  const h = Math.floor(min / 60);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(h12).padStart(2, '0')}:${String(min % 60).padStart(2, '0')} ${h < 12 || h === 24 ? 'am' : 'pm'}`;
};

/** A guest books online through the API the way the booking page does: an account, the store's customer, then the request. */
async function guestRequests(howMany: number, daysAhead: number): Promise<{ ids: number[]; freeLater: () => Promise<{ date: string; start: string }> }> {
  const services = (await api('GET', `public_getExternalServicesByStoreId/${store.id}`)).body.services as Array<{ id: number }>;
  const { userId, customerId } = await newGuest(store.id, 'gina');
  const ids: number[] = [];
  for (let ahead = daysAhead; ids.length < howMany && ahead < daysAhead + 14; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const free = await api('GET', `availability/${store.id}/${date}?serviceIds=${services[0].id}&mode=online`);
    const slots = ((free.body?.slots ?? []) as Array<{ start: string; startMin: number; free: boolean }>).filter((s) => s.free);
    // requests far apart so none takes another's time
    for (const slot of [slots[0], slots.at(-1), slots[Math.floor(slots.length / 2)]]) {
      if (!slot || ids.length >= howMany) continue;
      const res = await api('POST', 'public_bookAppointmentOnline', {
        storeId: store.id, staffId: 8888, customerId, userId, serviceIds: `${services[0].id}`, date, start: slot.start,
        end: time12(slot.startMin + free.body.duration), note: 'e2e guest request', createdBy: 0, modifiedBy: 0,
      });
      if (res.status === 201) ids.push(res.body.appointment.id as number);
    }
  }
  expect(ids).toHaveLength(howMany);
  /** A start free for anyone a week after the requests: where the store suggests moving one. */
  const freeLater = async () => {
    const date = new Date(Date.now() + (daysAhead + 7) * 86_400_000).toISOString().slice(0, 10);
    for (let ahead = daysAhead + 7; ; ahead++) {
      const day = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
      const free = await api('GET', `availability/${store.id}/${day}?serviceIds=${services[0].id}&mode=staff`);
      const slot = ((free.body?.slots ?? []) as Array<{ start: string; free: boolean }>).filter((s) => s.free)[2];
      if (slot) return { date: day, start: slot.start };
      if (ahead > daysAhead + 21) throw new Error(`no free time after ${date}`);
    }
  };
  return { ids, freeLater };
}

async function openCalendarAsOwner(page: Page) {
  await signInOnce(page, 'owner', () => loginAndSettle(page, store.ownerEmail, store.password));
  await page.goto('/stores');
  await page.getByRole('link', { name: new RegExp(store.name, 'i') }).first().click();
  await page.waitForURL(/\/calendar\//);
  await page.getByRole('button', { name: /^Online requests: \d+$/ }).waitFor();
}

const bellCount = async (page: Page) => Number((await page.getByRole('button', { name: /^Online requests: \d+$/ }).getAttribute('aria-label'))!.split(': ')[1]);

describe.each([['tablet', 3], ['desktop', 10]] as Array<[keyof typeof VIEWPORTS, number]>)('online requests and store activity on a %s', (viewport, daysAhead) => {
  it('when a guest requests online, then the open calendar\'s bell counts it without a reload; the owner approves one, declines one, suggests a new time for one and reads them in the activities', async () => {
    const ctx = await newContext(browser, viewport);
    const page = await ctx.newPage();
    await openCalendarAsOwner(page);
    const before = await bellCount(page);
    let reloads = 0;
    page.on('framenavigated', (f) => void (f === page.mainFrame() && reloads++));

    const { ids, freeLater } = await guestRequests(3, daysAhead);
    const [approveId, declineId, suggestId] = ids;
    await page.getByRole('button', { name: `Online requests: ${before + 3}` }).waitFor({ timeout: 10_000 });
    expect(reloads).toBe(0);
    await expectVisible(page, /income/i);
    await shot(page, `calendar-activity-${viewport}-bell`);

    await page.getByRole('button', { name: /^Online requests: \d+$/ }).click();
    const list = page.getByRole('dialog', { name: 'Online requests' });
    const approveItem = list.getByTestId(`request-${approveId}`);
    await approveItem.waitFor();
    await expectVisible(page, /gina guest/i);
    await shot(page, `calendar-activity-${viewport}-requests`);
    await approveItem.getByRole('button', { name: 'Approve' }).click();
    await approveItem.waitFor({ state: 'detached' });
    const declineItem = list.getByTestId(`request-${declineId}`);
    await declineItem.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('dialog').getByText('Decline this request?').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await declineItem.waitFor({ state: 'detached' });

    // a new time for the third: it stays listed, MODIFYING, waiting for the customer
    const later = await freeLater();
    const suggestItem = list.getByTestId(`request-${suggestId}`);
    await suggestItem.getByRole('button', { name: 'Suggest a new time' }).click();
    await suggestItem.getByLabel(/New date/).fill(later.date);
    await suggestItem.getByLabel(/New start/).selectOption(later.start);
    // 'Request declined' fading out is caught half-transparent by the contrast check: the shot waits for it
    await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 15_000 });
    await shot(page, `calendar-activity-${viewport}-suggest`);
    await suggestItem.getByRole('button', { name: 'Send new time' }).click();
    await suggestItem.getByText('New time sent: waiting for the customer').waitFor();
    await suggestItem.getByText('MODIFYING').waitFor();
    expect(await suggestItem.textContent()).toContain(later.start);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Online requests: ${before + 1}` }).waitFor();

    await page.getByRole('button', { name: /^Activities/ }).click();
    const activities = page.getByRole('dialog', { name: 'Store activities' });
    const approvedEntry = activities.getByRole('button', { name: `Open appointment ${approveId}: Appointment approved` });
    const declinedEntry = activities.getByRole('button', { name: `Open appointment ${declineId}: Appointment cancelled` });
    await approvedEntry.waitFor();
    await declinedEntry.waitFor();
    await shot(page, `calendar-activity-${viewport}-activities`);
    // `has` is matched inside each row: a locator not rooted at the dialog
    const approvedButton = page.getByRole('button', { name: `Open appointment ${approveId}: Appointment approved` });
    const approvedRow = activities.locator('li', { has: approvedButton });
    expect(await approvedRow.getAttribute('data-read')).toBe('false');
    expect(await approvedRow.textContent()).toMatch(/created by \S+/);
    await approvedRow.getByRole('button', { name: 'Mark read' }).click();
    await activities.locator('li[data-read="true"]', { has: approvedButton }).waitFor();
    await shot(page, `calendar-activity-${viewport}-activities-read`);
    expect(reloads).toBe(0);
    await ctx.close();
  });
});
