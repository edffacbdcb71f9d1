import type { Browser, Page } from 'playwright-core';
import { api, uniqueEmail } from '../src/api';
import { launch, newContext, shot } from '../src/browser';
import { linkIn, waitForMail } from '../src/mailbox';
import { expectVisible, login, registerVerified } from '../src/steps';

let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

async function fillRegistration(page: Page, email: string, password: string) {
  await page.goto('/register');
  await page.getByLabel(/^Email\s*\*?$/i).fill(email);
  await page.getByLabel(/^Password\s*\*?$/i).fill(password);
  await page.getByLabel(/^Confirm\spassword\s*\*?$/i).fill(password);
  await page.getByRole('button', { name: /next/i }).click();
  await page.getByLabel(/^First\sname\s*\*?$/i).fill('Mai');
  await page.getByLabel(/^Last\sname\s*\*?$/i).fill('Tran');
  await page.getByLabel(/^Phone\s*\*?$/i).fill('2155550123');
  await page.getByRole('button', { name: /next/i }).click();
}

describe('accounts', () => {
  it('when a visitor opens the home page, then the marketing page offers Login, Sign Up and Get Started', async () => {
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    await page.goto('/');
    await expectVisible(page, /3 or less staff free/i);
    for (const name of [/^log ?in$/i, /sign up/i, /get started/i]) {
      expect(await page.getByRole('link', { name }).count()).toBeGreaterThan(0);
    }
    await shot(page, '01-home-phone');
    await ctx.close();
  });

  it('when a professional registers, verifies by mail and logs in, then they land on /stores inside the frame', async () => {
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    const email = uniqueEmail('owner');
    await fillRegistration(page, email, 'S3cret-pass');
    await shot(page, '02-register-page3');
    await page.getByLabel(/^professional/i).check();
    await page.getByRole('button', { name: /next|submit|sign up|register/i }).last().click();
    await expectVisible(page, /thank you for signing up!/i);
    await expectVisible(page, /check your inbox/i);
    await shot(page, '02-register-done');

    const mail = await waitForMail(email, /activate|verify/i);
    await page.goto('/dev/mailbox');
    await shot(page, '02-dev-mailbox');
    await page.goto(linkIn(mail, '/activate'));
    await expectVisible(page, /your account is activated!/i);
    await shot(page, '02-activated');

    await login(page, email, 'S3cret-pass');
    await page.waitForURL(/\/stores/);
    await expectVisible(page, /log ?out/i);
    await shot(page, '02-stores-after-login');
    await ctx.close();
  });

  it('when an unverified account or a wrong password logs in, then the spec messages show', async () => {
    const email = uniqueEmail('unverified');
    const reg = await api('POST', 'register', {
      email, password: 'S3cret-pass', password_confirmation: 'S3cret-pass', fname: 'a', lname: 'b',
      phone: '2155550199', role: 'customer', color: '#00bcd4', term: 'agreed', username: '',
    });
    expect(reg.status).toBe(201);
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await login(page, email, 'S3cret-pass');
    await expectVisible(page, /please check your inbox and click the verification link before your first login/i);
    await shot(page, '03-login-unverified');
    await login(page, email, 'wrong-password');
    await expectVisible(page, /invalid email or password/i);
    await shot(page, '03-login-wrong-password');
    await ctx.close();
  });

  it('when a user resets a forgotten password, then the new one works and the old one and the used link do not', async () => {
    const email = uniqueEmail('forgot');
    await registerVerified(email, 'Old-pass-1');
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await page.goto('/forgot-password');
    await page.getByLabel(/^Email\s*\*?$/i).fill(email);
    await page.getByRole('button', { name: /send|reset|submit/i }).click();
    await expectVisible(page, /spam/i);
    await shot(page, '04-forgot-sent');

    const mail = await waitForMail(email, /reset/i);
    const link = linkIn(mail, '/reset-password');
    await page.goto(link);
    await page.getByLabel(/^New\spassword\s*\*?$/i).fill('New-pass-2');
    await page.getByLabel(/^Confirm\snew\spassword\s*\*?$/i).fill('New-pass-2');
    await page.getByRole('button', { name: /reset|save|submit|change/i }).click();
    await expectVisible(page, /your password has been reset/i);
    await shot(page, '04-reset-done');

    expect((await api('POST', 'login', { email, password: 'New-pass-2' })).status).toBe(200);
    expect((await api('POST', 'login', { email, password: 'Old-pass-1' })).status).toBe(401);
    await page.goto(link);
    await page.waitForURL((u) => u.pathname === '/');
    await ctx.close();
  });
});
