import type { Browser, Page } from 'playwright-core';
import { uniqueEmail } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { linkIn, waitForMail } from '../src/mailbox';
import { expectVisible, markUpdateSeen } from '../src/steps';
import { Tally } from '../src/tally';

let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

describe("the owner's first hour", () => {
  it('when a new owner starts from the home page, then with register, verify, a store they also work in, a service and a paid plan at one staff member they are bookable on the calendar', async () => {
    const t = new Tally();
    const email = uniqueEmail('first-hour');
    const password = 'S3cret-pass';
    const tag = Date.now() % 1_000_000;
    const storeName = `Solo Nails ${tag}`;
    const permalink = storeName.toLowerCase().replace(/\s+/g, '-');
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();

    // ---- Home page: the plans and prices are there before signing up
    await page.goto('/');
    await t.screen('home page');
    const pricing = page.getByRole('region', { name: 'Plans and prices' });
    await pricing.getByText('$29.99 per month').waitFor();
    await pricing.scrollIntoViewIfNeeded();
    await shot(page, 'first-hour-01-home-plans');
    await page.getByRole('link', { name: 'Get Started' }).first().click();

    // ---- Register (three pages), then verify through the dev mailbox
    await page.waitForURL(/\/register/);
    await t.screen('register: email and password');
    await t.fill(page.getByLabel(/^Email\s*\*?$/i), email, 'email');
    await t.fill(page.getByLabel(/^Password\s*\*?$/i), password, 'password');
    await t.fill(page.getByLabel(/^Confirm\spassword\s*\*?$/i), password, 'confirm password');
    await page.getByRole('button', { name: /next/i }).click();
    await t.screen('register: name and phone');
    await t.fill(page.getByLabel(/^First\sname\s*\*?$/i), 'Mai', 'first name');
    await t.fill(page.getByLabel(/^Last\sname\s*\*?$/i), 'Tran', 'last name');
    await t.fill(page.getByLabel(/^Phone\s*\*?$/i), '2155550123', 'phone');
    await page.getByRole('button', { name: /next/i }).click();
    await t.screen('register: professional or customer');
    await t.check(page.getByLabel(/^professional/i), 'professional');
    await page.getByRole('button', { name: /next|submit|sign up|register/i }).last().click();
    await expectVisible(page, /thank you for signing up!/i);
    await t.screen('thank you: check your inbox');
    const mail = await waitForMail(email, /activate|verify/i);
    await page.goto('/dev/mailbox');
    await t.screen('the mailbox (the activation mail)');
    await page.goto(linkIn(mail, '/activate'));
    await expectVisible(page, /your account is activated!/i);
    await t.screen('account activated');

    // ---- Log in
    await markUpdateSeen(email, password).catch(() => undefined);
    await page.goto('/login');
    await t.screen('log in');
    await t.fill(page.getByLabel(/^Email\sor\susername\s*\*?$/i), email, 'login email');
    await t.fill(page.getByLabel(/^Password\s*\*?$/i), password, 'login password');
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await page.waitForURL(/\/stores$/);
    await t.screen('My Stores (empty)');

    // ---- Create the store, saying 'I also take appointments'
    await page.getByRole('link', { name: 'Create New Store' }).first().click();
    await page.waitForURL(/\/stores\/create$/);
    await t.screen('store: name');
    await t.fill(page.getByLabel(/^Business name/), storeName, 'business name');
    await t.check(page.getByRole('checkbox', { name: 'I also take appointments' }), 'I also take appointments');
    await shot(page, 'first-hour-02-store-name-takes-appointments');
    await next(page);
    await t.screen('store: address');
    await t.fill(page.getByLabel(/^Address 1/), '88 Chestnut Street', 'street');
    await t.fill(page.getByLabel(/^City/), 'Washington', 'city');
    await t.select(page.getByLabel(/^State/), 'DC', 'state');
    await t.fill(page.getByLabel(/^Zip/), '20001', 'zip');
    await next(page);
    await t.screen('store: contact');
    await t.fill(page.getByLabel(/^Business email/), `desk-${tag}@example.com`, 'business email');
    await t.fill(page.getByLabel(/^Business phone/), '2025550123', 'business phone');
    await next(page);
    await expectVisible(page, /When are you open\?/);
    await t.screen('store: hours');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      const sw = page.getByRole('switch', { name: `${day} open` });
      await sw.focus();
      await page.keyboard.press('Space');
      t.fields.push(`${day} open`);
    }
    await next(page);
    await t.screen('store: about the store sign-in');
    await next(page);
    await t.screen('store: the store sign-in account');
    await t.fill(page.getByLabel(/^Store username/), `solo-${tag}`, 'store username');
    await t.fill(page.getByLabel(/^Password\s*\*?$/), 'Desk-pass-1', 'store password');
    await t.fill(page.getByLabel(/^Confirm password/), 'Desk-pass-1', 'confirm store password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/stores$/);
    await t.screen('My Stores (the new store)');
    const tile = page.getByRole('link', { name: new RegExp(`^${storeName}\\s*: open the calendar`, 'i') });
    await tile.click();
    await page.waitForURL(new RegExp(`/calendar/${permalink}$`));
    await t.screen('calendar (no service yet)');
    // The owner is a staff column at once: no 'no staff' notice, no invitation to accept.
    await page.getByRole('alert').filter({ hasText: "Your store doesn't have a service" }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: "Your store doesn't have staff yet" }).count()).toBe(0);

    // ---- A service, from the calendar's notice
    await page.getByRole('link', { name: 'Create services' }).click();
    await t.screen('service: name');
    await t.fill(page.getByLabel(/^Service name/), 'Gel Manicure', 'service name');
    await next(page);
    await t.screen('service: duration and price');
    await t.fill(page.getByLabel(/^Duration/), '45', 'duration');
    await t.fill(page.getByLabel(/^Price/), '38.5', 'price');
    await next(page);
    await t.screen('service: icon');
    await t.check(page.getByRole('radio', { name: 'Nail polish (icon 1)' }), 'icon');
    await page.getByRole('button', { name: 'Create' }).click();
    await expectVisible(page, /^Congrats!$/);
    await t.screen('service added');

    // ---- A paid plan with one staff member (the owner)
    await page.goto('/subscription');
    await t.screen('subscription: plans side by side');
    const plans = page.getByRole('region', { name: 'Plans' });
    await plans.getByRole('article', { name: 'Premium plan' }).waitFor();
    expect(await page.getByText(/To cancel your subscription/).count()).toBe(0);
    await shot(page, 'first-hour-03-subscription-free-plans');
    await page.getByRole('button', { name: 'Choose a paid plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe' });
    await dialog.waitFor();
    await t.screen('payment: plan, billing address, card');
    await t.check(dialog.getByRole('radio', { name: 'Standard — $29.99 per month' }), 'plan');
    await t.fill(dialog.getByLabel(/^First name/), 'Mai', 'billing first name');
    await t.fill(dialog.getByLabel(/^Last name/), 'Tran', 'billing last name');
    await t.fill(dialog.getByLabel(/^Street address/), '88 Chestnut Street', 'billing street');
    await t.fill(dialog.getByLabel(/^City/), 'Washington', 'billing city');
    await t.select(dialog.getByLabel(/^State/), 'DC', 'billing state');
    await t.fill(dialog.getByLabel(/^Zip/), '20001', 'billing zip');
    await shot(page, 'first-hour-04-payment-modal');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thank you!' });
    await thanks.waitFor();
    await t.screen('thank you (payment)');
    await thanks.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('subscription-status').filter({ hasText: 'active' }).waitFor();
    await page.getByText(/Standard — \$29\.99 per month/).first().waitFor();

    // ---- Item 12 (not counted above): a second card through a SetupIntent, then made the default
    await page.getByRole('button', { name: 'Add a card' }).click();
    const addCard = page.getByRole('dialog', { name: 'Add a card' });
    await addCard.getByRole('checkbox', { name: 'Make it the default card' }).uncheck();
    await addCard.getByRole('button', { name: 'Save card' }).click();
    await addCard.waitFor({ state: 'detached' });
    const setDefault = page.getByRole('button', { name: 'Set as default card ending 4242' });
    await setDefault.waitFor();
    await page.getByText(/^Expires /).first().waitFor();
    await shot(page, 'first-hour-04b-two-cards-set-as-default');
    await setDefault.click();
    await page.getByRole('button', { name: 'Set as default card ending 4242' }).waitFor();
    expect(await page.getByText('Default', { exact: true }).count()).toBe(1);

    // ---- The owner is bookable on the calendar
    await page.goto(`/calendar/${permalink}`);
    await t.screen('calendar: the owner’s column');
    const column = page.getByTestId(/^column-/).filter({ hasText: /mai/i });
    await column.first().waitFor();
    await shot(page, 'first-hour-05-calendar-owner-column');
    t.print();
    expect(t.screens.length).toBeGreaterThan(0);
    await ctx.close();
  });
});
