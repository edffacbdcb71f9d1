import type { BrowserContext, Page } from 'playwright-core';
import { api, must } from './api';
import { demoLogin } from './demo';
import { linkIn, waitForMail } from './mailbox';

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/^Email\sor\susername\s*\*?$/i).fill(email);
  await page.getByLabel(/^Password\s*\*?$/i).fill(password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
}

/** Opens the account's activation link from the dev mailbox, then logs in from the login page. */
export async function activateAndLogIn(page: Page, email: string, password: string) {
  const mail = await waitForMail(email, /activate|verify/i);
  await page.goto(linkIn(mail, '/activate'));
  await page.getByText(/verified|activated|log in/i).first().waitFor();
  await login(page, email, password);
}

/**
 * Records the current app version as seen by this login, a person's or the store's (the front desk's own
 * marker), so no update notice opens over the journey (the admin journey saves a new version mid-run).
 */
export async function markUpdateSeen(login: string, password: string) {
  const res = await api('POST', 'login', { email: login, password });
  const userId = res.body?.user?.id;
  if (res.status === 200 && userId) return await markSeen(`staff/${userId}`, res.body.access_token as string);
  const store = await api('POST', 'storeLogin', { username: login.toLowerCase(), password });
  const storeId = store.body?.store?.id;
  if (store.status === 200 && storeId) await markSeen(`store/${storeId}`, store.body.access_token as string);
}

async function markSeen(owner: string, token: string) {
  const setting = await api('GET', `getSetting/${owner}`, undefined, token);
  if (setting.body?.app_version) await api('POST', `updateSetting/${owner}`, { app_version: setting.body.app_version }, token);
}

/** Logs in (the update notice acknowledged beforehand) and waits to leave /login. */
export async function loginAndSettle(page: Page, email: string, password: string) {
  await markUpdateSeen(email, password);
  await login(page, email, password);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.waitForLoadState('networkidle');
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Sessions signed in through the UI in this test file (jest loads this module afresh for each file). */
const sessions = new Map<string, { state: StorageState; at: number }>();
/**
 * Reused well within the access token's life (10 minutes, renewed a minute before it ends), so no restored
 * page refreshes a token another page already rotated.
 */
const SESSION_REUSE_MS = 5 * 60_000;

/**
 * Signs `page` in as `who`: through the UI with `signIn` the first time in a test file (and again once that
 * session is 5 minutes old); later by restoring the storage state that sign-in left (the session and the
 * chosen store in localStorage, the refresh cookie), without the login page, its redirect and the store list.
 * A restored page is still blank: callers go to their screen next, as they do after a UI sign-in.
 */
export async function signInOnce(page: Page, who: string, signIn: () => Promise<void>) {
  const kept = sessions.get(who);
  if (kept && Date.now() - kept.at < SESSION_REUSE_MS) {
    await page.context().setStorageState(kept.state);
    return;
  }
  const at = Date.now();
  await signIn();
  sessions.set(who, { state: await page.context().storageState(), at });
}

/** Chooses a store in the signed-in page's session, as /stores does when a store is clicked. */
export async function chooseStore(page: Page, store: { id: number | string; permalink: string; ownerId: number | string }) {
  await page.evaluate(
    ([id, permalink, owner]) => {
      localStorage.setItem('store_id', id);
      localStorage.setItem('store_permalink', permalink);
      localStorage.setItem('store_owner_id', owner);
      localStorage.setItem('owner_id', owner);
    },
    [String(store.id), store.permalink, String(store.ownerId)],
  );
}

export async function expectVisible(page: Page, text: RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

/** Registers through the API and follows the mailed link, for journeys that need a ready account. */
export async function registerVerified(email: string, password: string) {
  const reg = await api('POST', 'register', {
    email, password, password_confirmation: password, fname: 'pat', lname: 'lee', phone: '2155550177',
    role: 'professional', color: '#00bcd4', term: 'agreed', username: '',
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  await activateByMail(email);
}

/** Activates a registered account through the API with the link mailed to it (what the link's page does). */
export async function activateByMail(email: string) {
  const url = new URL(linkIn(await waitForMail(email, /activate|verify/i), '/activate'));
  await must('POST', 'verify', { id: url.searchParams.get('a'), hash: url.searchParams.get('b') });
}

/**
 * Moves the focused dnd-kit drag handle one place down with the keyboard (Space, ArrowDown, Space), each key
 * waiting for the state it causes before the next (the handle pressed, the next item the drop target,
 * released): no sleeps.
 *
 * The drop lands on dnd-kit's `over`, not on where the card is drawn: the card's transform is committed first
 * and `over` is set by a later effect, which announces "Draggable item A was moved over droppable area B." in
 * its live region in the same render. So before Space we wait for that announcement naming another item (at
 * the lift it announces the card over itself); a Space pressed on the transform alone can drop the card on
 * itself, which changes nothing.
 */
export async function keyboardMoveDown(page: Page) {
  const lifted = page.locator('button[aria-pressed="true"][aria-label^="Drag "]');
  await page.keyboard.press('Space');
  await lifted.waitFor();
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((region) => {
      const said = /^Draggable item (.+) was moved over droppable area (.+)\.$/.exec(region.textContent ?? '');
      return said !== null && said[1] !== said[2];
    }),
  );
  await page.keyboard.press('Space');
  await lifted.waitFor({ state: 'detached' });
}

/** Logs in as a demo user and chooses a store, as /stores does when a store is clicked; once per login in a file. */
export async function signInToStore(page: Page, who: string, store: { id: number | string; permalink: string; ownerId: number | string }) {
  await signInOnce(page, who, async () => {
    const l = demoLogin(who);
    await login(page, l.login, l.password);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await chooseStore(page, store);
  });
}

/**
 * Clicks a day in a date picker, moving a month either way first when the picker does not show it. A picker
 * opens on the browser's month, and the journeys' browser runs in UTC: from 7 pm on a month's last day in
 * New York it shows the next month already (run BW: the reports journeys looked for 2 December in January).
 */
export async function pickDay(page: Page, dayLabel: string): Promise<void> {
  const day = page.getByRole('button', { name: dayLabel, exact: true });
  for (const move of ['Next month', 'Previous month', 'Previous month']) {
    if ((await day.count()) > 0) break;
    await page.getByRole('button', { name: move }).click();
  }
  await day.click();
}
