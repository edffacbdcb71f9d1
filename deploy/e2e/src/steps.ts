import type { Page } from 'playwright-core';
import { api } from './api';
import { linkIn, waitForMail } from './mailbox';

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/^Email\sor\susername\s*\*?$/i).fill(email);
  await page.getByLabel(/^Password\s*\*?$/i).fill(password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
}

/** Logs in and waits to leave /login; acknowledges an update notice (shown after a new app version). */
export async function loginAndSettle(page: Page, email: string, password: string) {
  await login(page, email, password);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.waitForLoadState('networkidle');
  const gotIt = page.getByRole('button', { name: /got it/i });
  if (await gotIt.isVisible()) {
    await gotIt.click();
    await gotIt.waitFor({ state: 'hidden' });
  }
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
  const mail = await waitForMail(email, /activate|verify/i);
  const url = new URL(linkIn(mail, '/activate'));
  const ok = await api('POST', 'verify', { id: url.searchParams.get('a'), hash: url.searchParams.get('b') });
  if (ok.status !== 200) throw new Error(`verify failed: ${ok.status}`);
}
