import type { Browser, Page } from 'playwright-core';
import { BILLING_MESSAGES } from '@turnbook/contracts/errors/billing';
import { BILLING_TEST_TOKENS } from '@turnbook/contracts/schemas/billing';
import { uniqueEmail, must } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { chooseStore, expectVisible, loginAndSettle, registerVerified } from '../src/steps';

const PASSWORD = 'Billing-pass-1';
let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

interface PaidStore {
  email: string;
  token: string;
  store: { id: number; permalink: string; ownerId: number; name: string };
}

/** One verified owner for the file (registration is rate limited per address); each test gets its own store. */
let account: Promise<{ email: string; token: string }> | undefined;
function ownerAccount() {
  account ??= (async () => {
    const email = uniqueEmail('billing-owner');
    await registerVerified(email, PASSWORD);
    return { email, token: (await must('POST', 'login', { email, password: PASSWORD })).access_token as string };
  })();
  return account;
}

/** A store of 5 staff: past the free tier, so it has a plan to pay. */
async function storeThatPays(tag: string): Promise<PaidStore> {
  const { email, token } = await ownerAccount();
  const suffix = `${tag}-${Date.now().toString(36)}`;
  const store = (
    await must(
      'POST',
      'store',
      {
        name: `Billing ${suffix}`, street: '1 market street', city: 'philadelphia', state: 'PA', zip: '19102', email: `desk-${suffix}@example.com`,
        phone: '2155550144', username: `billing-desk-${suffix}`, password: PASSWORD, password_confirmation: PASSWORD, timezone: 'America/New_York',
      },
      token,
    )
  ).store;
  await must('POST', 'service', { storeId: store.id, name: 'Gel manicure', duration: 30, icon: 1, price: 25 }, token);
  for (let i = 1; i <= 5; i++) await must('POST', 'staff', { hasAccount: 'noAccount', nickname: `nail tech ${i}`, storeId: store.id }, token);
  return { email, token, store };
}

/** Signs the owner in, chooses the store and opens the payment modal with the billing form filled in. */
async function openFilledPaymentModal(page: Page, owner: PaidStore, shotPrefix: string) {
  await loginAndSettle(page, owner.email, PASSWORD);
  await chooseStore(page, owner.store);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Subscribe now' }).waitFor();
  await shot(page, `${shotPrefix}-page`);
  await page.getByRole('button', { name: 'Subscribe now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe' });
  await dialog.getByRole('radio').first().waitFor();
  await dialog.getByRole('radio').first().check();
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Pat');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Lee');
  await dialog.getByRole('textbox', { name: 'Street address' }).fill('1 Market Street');
  await dialog.getByRole('textbox', { name: 'City' }).fill('Philadelphia');
  await dialog.getByRole('combobox', { name: 'State' }).selectOption('PA');
  await dialog.getByRole('textbox', { name: 'Zip' }).fill('19102');
  return dialog;
}

describe('subscription and billing', () => {
  it('when the owner pays with the success test card, then the thank-you shows and after closing it the status is active', async () => {
    const owner = await storeThatPays('ok');
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    const dialog = await openFilledPaymentModal(page, owner, 'billing-subscribe');
    await dialog.getByRole('radio', { name: 'Payment succeeds' }).check();
    await shot(page, 'billing-subscribe-modal');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thank you!' });
    await thanks.getByText(BILLING_MESSAGES.paymentSubmitted).waitFor();
    await shot(page, 'billing-subscribe-thank-you');
    await Promise.all([page.waitForEvent('load'), thanks.getByRole('button', { name: 'Close' }).click()]);
    await page.getByTestId('subscription-status').filter({ hasText: /^active$/ }).waitFor();
    await expectVisible(page, /Next billing date: \d+-\d+-\d{4}/);
    await shot(page, 'billing-subscribe-active');
    await ctx.close();
  });

  it('when the owner pays with the insufficient-funds test card, then the decline shows and closing it keeps the form', async () => {
    const owner = await storeThatPays('declined');
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    const dialog = await openFilledPaymentModal(page, owner, 'billing-decline');
    await dialog.getByRole('radio', { name: 'Insufficient funds' }).check();
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    const declined = page.getByRole('dialog', { name: 'Payment declined' });
    await declined.getByText(BILLING_MESSAGES.insufficientFunds).waitFor();
    await shot(page, 'billing-decline-modal');
    await declined.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog', { name: 'Subscribe' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'City' }).inputValue()).toBe('Philadelphia');
    expect(await page.getByTestId('subscription-status').textContent()).not.toBe('active');
    await ctx.close();
  });

  it("when a store has paid, then the super admin sees its card on /admin-subscriptions", async () => {
    const owner = await storeThatPays('admin');
    const plans = await must<{ products: { id: string }[] }>('GET', 'getAllPlans', undefined, owner.token);
    await must('POST', `subscribe/${owner.store.id}`, {
      stripeEmail: owner.email, stripeToken: BILLING_TEST_TOKENS.success, full_name: 'Pat Lee', line1: '1 Market Street', city: 'Philadelphia',
      state: 'PA', postal_code: '19102', packageId: plans.products[0]!.id,
    }, owner.token);

    const admin = demoLogin('super admin');
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await loginAndSettle(page, admin.login, admin.password);
    await page.goto('/admin-subscriptions');
    await page.getByRole('heading', { name: 'Subscriptions' }).waitFor();
    expect(await page.getByRole('link', { name: /Back to Admin Dashboard/ }).getAttribute('href')).toBe('/admin-dashboard');
    const card = page.getByRole('article', { name: `Store ${owner.store.id}` });
    await card.waitFor();
    await card.getByText(owner.store.name, { exact: false }).waitFor();
    await card.getByText('active', { exact: true }).waitFor();
    expect(await card.getByText(/^Current period: [A-Z][a-z]{2} \d{1,2} - [A-Z][a-z]{2} \d{1,2}$/).count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'billing-admin-subscriptions');
    await ctx.close();
  });

  it("when the owner of a 5-staff store that never subscribed opens the calendar, then the notice asks to choose a plan today (nothing 'expired') with the link, and Transactions opens the day's card payments", async () => {
    const owner = await storeThatPays('notice');
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await loginAndSettle(page, owner.email, PASSWORD);
    await chooseStore(page, owner.store);
    await page.goto(`/calendar/${owner.store.permalink}`);
    const notice = page.getByRole('alert').filter({ hasText: 'Your store has more than 3 staff and needs a plan. Please choose a plan today to avoid suspension of your service.' });
    await notice.waitFor();
    expect(await notice.getByText(/expired/).count()).toBe(0);
    expect(await notice.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/subscription');
    await shot(page, 'billing-calendar-notice');

    await page.getByRole('button', { name: 'Transactions' }).click();
    const dialog = page.getByRole('dialog', { name: /^Transactions/ });
    await dialog.getByText('No data').waitFor();
    await shot(page, 'billing-calendar-transactions');
    await ctx.close();
  });
});
