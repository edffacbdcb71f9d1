// Issue 31's "before" figure: a new owner's first hour on commit 30a7dd2 (before any issue-31 work), counted
// with the after-journey's rules (deploy/e2e/journeys/owner-first-hour.test.ts on main): a screen is a page
// or dialog the owner reads and acts on; a field is a text box, select, checkbox, radio or switch they fill
// or choose; buttons are not fields. Run from the old checkout (its playwright-core), against its stack:
//   cd <old checkout> && GATEWAY_URL=http://localhost:15080 SHOTS=/tmp/before-shots node <this file>
// (docs/product/owner-first-hour.md)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
// The after-journey's own counter (Node 24 runs the TypeScript file as it is).
import { Tally } from '../src/tally.ts';

const require = createRequire(path.join(process.cwd(), 'package.json'));
const { chromium } = require('playwright-core');

// The public URL of the stack (the links in its mails use it): one origin, so one session.
const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://localhost:15080';
const SHOTS = process.env.SHOTS ?? '/tmp/before-shots';
mkdirSync(SHOTS, { recursive: true });

async function waitForMail(to, subject, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await fetch(`${GATEWAY_URL}/dev/mailbox/api/messages?to=${encodeURIComponent(to)}`);
    if (res.ok) {
      const hit = (await res.json()).find((m) => subject.test(m.subject));
      if (hit) return hit;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

function linkIn(mail, part) {
  const links = [...(mail.html + ' ' + mail.text).matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
  const link = links.find((l) => l.includes(part));
  if (!link) throw new Error(`no link containing ${part} in mail "${mail.subject}"`);
  return link;
}

const visible = (page, text) => page.getByText(text).first().waitFor();
const next = (page) => page.getByRole('button', { name: 'Next' }).click();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const ctx = await browser.newContext({ baseURL: GATEWAY_URL, viewport: { width: 1280, height: 800 } });
ctx.setDefaultTimeout(15_000);
const page = await ctx.newPage();
const t = new Tally(async (name, n) => {
  const file = `${String(n).padStart(2, '0')}-${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()}.png`;
  await page.waitForTimeout(300); // a transition or a modal settling
  await page.screenshot({ path: path.join(SHOTS, file), fullPage: true });
});
let failed = null;

const email = `first-hour-before-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const password = 'S3cret-pass';
const tag = Date.now() % 1_000_000;
const storeName = `Solo Nails ${tag}`;
const permalink = storeName.toLowerCase().replace(/\s+/g, '-');

try {
  // ---- Home page (no plans or prices on it before issue 31)
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
  await t.screen('home page');
  await page.getByRole('link', { name: 'Get Started' }).first().click();

  // ---- Register (three pages), then verify through the dev mailbox
  await page.waitForURL(/\/register/);
  await t.fill(page.getByLabel(/^Email\s*\*?$/i), email, 'email');
  await t.fill(page.getByLabel(/^Password\s*\*?$/i), password, 'password');
  await t.fill(page.getByLabel(/^Confirm\spassword\s*\*?$/i), password, 'confirm password');
  await t.screen('register: email and password');
  await page.getByRole('button', { name: /next/i }).click();
  await t.fill(page.getByLabel(/^First\sname\s*\*?$/i), 'Mai', 'first name');
  await t.fill(page.getByLabel(/^Last\sname\s*\*?$/i), 'Tran', 'last name');
  await t.fill(page.getByLabel(/^Phone\s*\*?$/i), '2155550123', 'phone');
  await t.screen('register: name and phone');
  await page.getByRole('button', { name: /next/i }).click();
  await t.check(page.getByLabel(/^professional/i), 'professional');
  await t.screen('register: professional or customer');
  await page.getByRole('button', { name: /next|submit|sign up|register/i }).last().click();
  await visible(page, /thank you for signing up!/i);
  await t.screen('thank you: check your inbox');
  const activation = await waitForMail(email, /activate|verify/i);
  await page.goto('/dev/mailbox');
  await t.screen('the mailbox (the activation mail)');
  await page.goto(linkIn(activation, '/activate'));
  await visible(page, /your account is activated!/i);
  await t.screen('account activated');

  // ---- Log in
  await markUpdateSeen(email, password);
  await page.goto('/login');
  await t.fill(page.getByLabel(/^Email\sor\susername\s*\*?$/i), email, 'login email');
  await t.fill(page.getByLabel(/^Password\s*\*?$/i), password, 'login password');
  await t.screen('log in');
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await page.waitForURL(/\/stores$/);
  await page.getByRole('link', { name: 'Create New Store' }).first().waitFor();
  await t.screen('My Stores (empty)');

  // ---- Create the store (no 'I also take appointments' before issue 31)
  await page.getByRole('link', { name: 'Create New Store' }).first().click();
  await page.waitForURL(/\/stores\/create$/);
  await t.fill(page.getByLabel(/^Business name/), storeName, 'business name');
  await t.screen('store: name');
  await next(page);
  await t.fill(page.getByLabel(/^Address 1/), '88 Chestnut Street', 'street');
  await t.fill(page.getByLabel(/^City/), 'Washington', 'city');
  await t.select(page.getByLabel(/^State/), 'DC', 'state');
  await t.fill(page.getByLabel(/^Zip/), '20001', 'zip');
  await t.screen('store: address');
  await next(page);
  await t.fill(page.getByLabel(/^Business email/), `desk-${tag}@example.com`, 'business email');
  await t.fill(page.getByLabel(/^Business phone/), '2025550123', 'business phone');
  await t.screen('store: contact');
  await next(page);
  await visible(page, /When are you open\?/);
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    const sw = page.getByRole('switch', { name: `${day} open` });
    await sw.focus();
    await page.keyboard.press('Space');
    t.fields.push(`${day} open`);
  }
  await t.screen('store: hours');
  await next(page);
  await t.screen('store: about the store sign-in');
  await next(page);
  await t.fill(page.getByLabel(/^Store username/), `solo-${tag}`, 'store username');
  await t.fill(page.getByLabel(/^Password\s*\*?$/), 'Desk-pass-1', 'store password');
  await t.fill(page.getByLabel(/^Confirm password/), 'Desk-pass-1', 'confirm store password');
  await t.screen('store: the store sign-in account');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/stores$/);
  const tile = page.getByRole('link', { name: new RegExp(`^${storeName}\\s*: open the calendar`, 'i') });
  await tile.waitFor();
  await t.screen('My Stores (the new store)');
  await tile.click();
  await page.waitForURL(new RegExp(`/calendar/${permalink}$`));
  // Before issue 31 the new store has neither a service nor staff: both notices.
  await page.getByRole('alert').filter({ hasText: "Your store doesn't have a service" }).waitFor();
  await page.getByText("Your store doesn't have staff yet").first().waitFor();
  await t.screen('calendar (no service, no staff yet)');

  // ---- The owner bookable: add themselves as staff by email (an invitation), from the calendar's notice
  await page.getByRole('link', { name: 'Add staff' }).first().click();
  await page.waitForURL(/\/staffs\/create$/);
  await visible(page, 'Does the staff already have an account?');
  await t.screen('add staff (self): does the staff already have an account?');
  await page.getByRole('button', { name: 'Yes' }).click();
  await t.fill(page.getByLabel(/^Email/), email, 'staff email (own)');
  await t.screen('add staff (self): staff email');
  await next(page);
  await page.getByLabel(/^PIN/).first().waitFor();
  await t.screen('add staff (self): PIN (left empty)');
  await page.getByRole('button', { name: 'Create' }).click();
  await visible(page, /Invitation sent/);
  await t.screen('add staff (self): invitation sent');
  const invitation = await waitForMail(email, /invites you to join its staff/);
  await page.goto('/dev/mailbox');
  await t.screen('the mailbox (the invitation mail)');
  await page.goto(linkIn(invitation, '/staff-invitation/'));
  const accept = page.getByRole('button', { name: 'Accept' });
  const loginAgain = page.getByLabel(/^Email\sor\susername\s*\*?$/i);
  await Promise.race([accept.waitFor(), loginAgain.waitFor()]);
  if (await loginAgain.isVisible()) {
    await t.fill(loginAgain, email, 'login email (again)');
    await t.fill(page.getByLabel(/^Password\s*\*?$/i), password, 'login password (again)');
    await t.screen('log in (again, for the invitation)');
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await accept.waitFor();
  }
  await t.screen('staff invitation: accept');
  await accept.click();
  await visible(page, /^Welcome!$/);
  await t.screen('staff invitation: welcome');
  // The shortest way back: the bottom bar's Calendar (the page's own 'My stores' adds the store list).
  await page.getByRole('link', { name: 'Calendar', exact: true }).click();
  await page.waitForURL(new RegExp(`/calendar/${permalink}$`));
  const column = page.getByTestId(/^column-/).filter({ hasText: /mai/i });
  await column.first().waitFor();
  await page.getByRole('alert').filter({ hasText: "Your store doesn't have a service" }).waitFor();
  await t.screen('calendar: the owner’s column (no service yet)');

  // ---- A service, from the calendar's notice (the calendar now has the owner's column)
  await page.getByRole('link', { name: 'Create services' }).click();
  await t.fill(page.getByLabel(/^Service name/), 'Gel Manicure', 'service name');
  await t.screen('service: name');
  await next(page);
  await t.fill(page.getByLabel(/^Duration/), '45', 'duration');
  await t.fill(page.getByLabel(/^Price/), '38.5', 'price');
  await t.screen('service: duration and price');
  await next(page);
  await t.check(page.getByRole('radio', { name: 'Nail polish (icon 1)' }), 'icon');
  await t.screen('service: icon');
  await page.getByRole('button', { name: 'Create' }).click();
  await visible(page, /^Congrats!$/);
  await t.screen('service added');

  // Evidence, not counted, in a second tab (the journey's page stays where it is): with 1 staff
  // /subscription is the free plan with no way to choose a paid one.
  const aside = await ctx.newPage();
  await aside.goto('/subscription');
  await visible(aside, 'Stores with 3 or fewer staff are free.');
  await aside.screenshot({ path: path.join(SHOTS, 'not-counted-subscription-at-1-staff.png'), fullPage: true });
  const subscribeAt1 = await aside.getByRole('button', { name: 'Subscribe now' }).count();
  console.log(`(not counted) /subscription with 1 staff: "Stores with 3 or fewer staff are free.", 'Subscribe now' buttons: ${subscribeAt1}`);
  await aside.close();

  // ---- A paid plan: only from the fourth real staff member, so three more (no account: the fewest fields)
  const others = ['Ana', 'Bich', 'Chi'];
  for (const [i, fname] of others.entries()) {
    const n = i + 2;
    if (i === 0) await page.getByRole('link', { name: 'Staff', exact: true }).first().click();
    else await page.getByRole('link', { name: 'Done', exact: true }).click();
    await page.waitForURL(/\/staffs$/);
    await page.getByRole('link', { name: 'Add staff' }).waitFor();
    await t.screen(`staff list (${n - 1} staff)`);
    await page.getByRole('link', { name: 'Add staff' }).click();
    await visible(page, 'Does the staff already have an account?');
    await t.screen(`add staff ${n}: does the staff already have an account?`);
    await page.getByRole('button', { name: 'No' }).click();
    await t.fill(page.getByLabel(/^First name/), fname, `staff ${n} first name`);
    await t.screen(`add staff ${n}: name`);
    await next(page);
    await visible(page, 'Would you like to add an email and password for this staff member?');
    await t.screen(`add staff ${n}: add an email and password? (Skip)`);
    await page.getByRole('button', { name: 'Skip' }).click();
    await visible(page, "Pick a colour for this staff member's appointments.");
    await t.screen(`add staff ${n}: colour (kept)`);
    await next(page);
    await page.getByLabel(/^PIN/).first().waitFor();
    await t.screen(`add staff ${n}: PIN (left empty)`);
    await page.getByRole('button', { name: 'Create Staff' }).click();
    await visible(page, /Congrats!!!/);
    await t.screen(`add staff ${n}: Congrats!!!`);
  }

  // ---- Now the store is no longer free: /subscription offers 'Subscribe now'
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Subscribe now' }).waitFor();
  await t.screen('subscription: 4 staff, a plan is needed (Subscribe now)');
  await page.getByRole('button', { name: 'Subscribe now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe' });
  await dialog.getByRole('radio', { name: /^Standard/ }).waitFor();
  await t.check(dialog.getByRole('radio', { name: 'Standard — $29.99 per month' }), 'plan');
  await t.fill(dialog.getByLabel(/^First name/), 'Mai', 'billing first name');
  await t.fill(dialog.getByLabel(/^Last name/), 'Tran', 'billing last name');
  await t.fill(dialog.getByLabel(/^Street address/), '88 Chestnut Street', 'billing street');
  await t.fill(dialog.getByLabel(/^City/), 'Washington', 'billing city');
  await t.select(dialog.getByLabel(/^State/), 'DC', 'billing state');
  await t.fill(dialog.getByLabel(/^Zip/), '20001', 'billing zip');
  await t.screen('payment: plan, billing address, card');
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  const thanks = page.getByRole('dialog', { name: 'Thank you!' });
  await thanks.waitFor();
  await t.screen('thank you (payment)');
  await thanks.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('subscription-status').filter({ hasText: 'active' }).waitFor();
  await page.getByText(/Standard — \$29\.99 per month/).first().waitFor();
  await page.screenshot({ path: path.join(SHOTS, 'not-counted-subscription-after-paying.png'), fullPage: true });
} catch (err) {
  failed = err;
  await page.screenshot({ path: path.join(SHOTS, 'failure.png'), fullPage: true }).catch(() => undefined);
  console.error(`stopped at ${page.url()} after ${t.screens.length} screens: ${err.message}`);
}
t.print();
await browser.close();
process.exit(failed ? 1 : 0);
