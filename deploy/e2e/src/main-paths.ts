import type { Page } from 'playwright-core';
import { api, must, uniqueEmail } from './api';
import { shot } from './browser';
import { demoLogin } from './demo';
import { openDayAhead, type StoreWeek } from './open-days';
import { loginAndSettle } from './steps';

// The product's main paths, short, with the selectors of the journeys that walk each of them in full
// (calendar-booking, kiosk-signin, online-booking): for suites that run them under another setup, such as
// the version-skew journeys (system/version-skew.test.ts). Each step leaves a screenshot named `prefix-...`.

const PERMALINK = 'lotus-nail-spa';

export interface DemoStore {
  id: number;
  permalink: string;
  ownerToken: string;
  week: StoreWeek;
}

export async function demoStore(): Promise<DemoStore> {
  const owner = demoLogin('owner');
  const ownerToken = (await must('POST', 'login', { email: owner.login, password: owner.password })).access_token as string;
  const [store] = (await must('GET', `getStoreByPermalink/${PERMALINK}`, undefined, ownerToken)).stores;
  return { id: Number(store.id), permalink: PERMALINK, ownerToken, week: store };
}

/** Signs the owner in on the login page and opens the demo store's calendar (as calendar-booking does). */
export async function signInToCalendar(page: Page, prefix: string) {
  const owner = demoLogin('owner');
  await loginAndSettle(page, owner.login, owner.password);
  await page.goto('/stores');
  await page.getByRole('link', { name: /lotus nail spa/i }).first().click();
  await page.waitForURL(/\/calendar\/lotus-nail-spa/);
  await page.getByRole('button', { name: /^Online requests: \d+$/ }).waitFor();
  await shot(page, `${prefix}-calendar`);
}

/** The calendar's day `date`: the card of appointment `id` is on it, in its staff member's column. */
export async function calendarDayShows(page: Page, date: string, id: number, staffId: number, prefix: string) {
  await page.goto(`/calendar/${PERMALINK}?date=${date}`);
  const card = page.locator(`[data-col-body="${staffId}"] [data-appointment="${id}"]`);
  await card.waitFor();
  await card.scrollIntoViewIfNeeded();
  await shot(page, `${prefix}-day`);
}

const dialog = (page: Page) => page.getByRole('dialog');
const next = (page: Page) => dialog(page).getByRole('button', { name: 'Next', exact: true }).click();

/** The calendar's Book wizard: an individual for a new customer with Linh, the first free time; its start. */
export async function bookFromCalendar(page: Page, date: string, customer: { fname: string; phone: string }, note: string, prefix: string) {
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Individual' }).click();
  await dialog(page).getByRole('button', { name: 'New customer' }).click();
  await dialog(page).getByRole('textbox', { name: 'First name' }).fill(customer.fname);
  await dialog(page).getByRole('textbox', { name: 'Last name' }).fill('Skew');
  await dialog(page).getByRole('textbox', { name: 'Phone' }).fill(customer.phone);
  await next(page);
  await dialog(page).getByRole('radio', { name: /^linh$/i }).check();
  await next(page);
  await dialog(page).getByRole('checkbox', { name: /Classic Manicure/ }).check();
  await next(page);
  await dialog(page).getByLabel('Date').fill(date);
  const free = dialog(page).getByRole('radiogroup', { name: 'Start times' }).getByRole('radio', { name: /^\d\d:\d\d [ap]m$/ });
  await free.first().waitFor();
  const start = (await free.first().textContent())!.trim();
  await free.first().click();
  await next(page);
  await dialog(page).getByRole('textbox', { name: 'Notes' }).fill(note);
  await shot(page, `${prefix}-book`);
  await dialog(page).getByRole('button', { name: 'Finish' }).click();
  await dialog(page).waitFor({ state: 'detached' });
  return start;
}

async function keypad(page: Page, digits: string) {
  const pad = page.getByRole('group', { name: 'Keypad' });
  for (const d of digits) await pad.getByRole('button', { name: d, exact: true }).click();
}

/** The front desk's Customer Sign In (the kiosk module in the shell): a walk-in of one signs in. */
export async function kioskWalkIn(page: Page, phone: string, lname: string, serviceName: string, prefix: string) {
  const desk = demoLogin('store login (front desk; kiosk mode)');
  await loginAndSettle(page, desk.login, desk.password);
  await page.goto('/customer-sign-in-sheet');
  await page.getByRole('heading', { name: 'Do you have an appointment?' }).waitFor();
  await page.getByRole('button', { name: 'Walk-in' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await keypad(page, phone);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('sky');
  await page.getByRole('textbox', { name: 'Last name' }).fill(lname);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: '1 person' }).click();
  await page.getByRole('group', { name: 'Your services' }).getByRole('button', { name: serviceName, exact: true }).click();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText("Please have a seat. We will call when we're ready.").waitFor({ timeout: 30_000 });
  await shot(page, `${prefix}-kiosk-thanks`);
}

/** A date from tomorrow on with a free time for anyone for `serviceId` (the booking page's Search would offer it). */
export async function freeDateFor(store: DemoStore, serviceId: number): Promise<string> {
  for (let ahead = 1; ahead < 15; ahead++) {
    const date = openDayAhead(store.week, ahead);
    const slots = (await api('GET', `availability/${store.id}/${date}?serviceIds=${serviceId}`)).body?.slots ?? [];
    if (slots.some((s: { free: boolean }) => s.free)) return date;
  }
  throw new Error('no free day in the next two weeks');
}

/** The public booking page: Book Now, a time for anyone, a new account, Submit; the request's id. */
export async function requestOnline(page: Page, date: string, serviceName: string, phone: string, prefix: string): Promise<number> {
  await page.goto(`/booking/${PERMALINK}`);
  await page.getByRole('heading', { level: 1, name: /lotus nail spa/i }).waitFor();
  await page.getByRole('button', { name: 'Book Now' }).click();
  const choices = page.getByRole('dialog', { name: 'Book an appointment' });
  await choices.getByLabel('Date').fill(date);
  await choices.getByRole('checkbox', { name: new RegExp(`^${serviceName}`, 'i') }).check();
  await choices.getByRole('button', { name: 'Search' }).click();
  const times = page.getByRole('dialog', { name: 'Choose a time' });
  await times.getByText(/^\d\d:\d\d [ap]m$/).first().click();
  await times.getByRole('button', { name: 'Next' }).click();
  const form = page.getByRole('form', { name: 'Your account' });
  await form.getByRole('textbox', { name: /Email/ }).fill(uniqueEmail('skew'));
  await form.getByLabel(/^Password/).fill('Plum-tiger-harbor-42');
  await form.getByRole('textbox', { name: /First name/ }).fill('Sam');
  await form.getByRole('textbox', { name: /Last name/ }).fill('Skew');
  await form.getByRole('textbox', { name: /Phone/ }).pressSequentially(phone);
  await form.getByRole('button', { name: 'Next' }).click();
  // The request in one call; a page on services that predate it (version skew) falls back to the spec's call.
  const booked = page.waitForResponse((r) => /\/api\/(public_requestAppointment|public_bookAppointmentOnline)$/.test(r.url()) && r.status() !== 404);
  await page.getByRole('dialog', { name: 'Review your request' }).getByRole('button', { name: 'Submit' }).click();
  const answer = await booked;
  if (answer.status() !== 201) throw new Error(`${answer.url()} -> ${answer.status()} ${await answer.text()}`);
  await page.getByText('Thank you! Your request has been submitted. We will review and get back to you soon.').waitFor();
  await shot(page, `${prefix}-request-thanks`);
  return ((await answer.json()) as { appointment: { id: number } }).appointment.id;
}

/** On the owner's open calendar: Online requests, Approve on request `id`. */
export async function approveRequest(page: Page, id: number, prefix: string) {
  await page.getByRole('button', { name: /^Online requests: \d+$/ }).click();
  const request = page.getByRole('dialog', { name: 'Online requests' }).getByTestId(`request-${id}`);
  await request.waitFor();
  await shot(page, `${prefix}-requests`);
  await request.getByRole('button', { name: 'Approve' }).click();
  await request.waitFor({ state: 'detached' });
}
