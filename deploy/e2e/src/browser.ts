import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
/** Screenshots are the suite's artifacts: a person can look at what each journey showed. */
export const ARTIFACTS = path.resolve(__dirname, '../../../test-results/e2e');

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Debian's chromium as root needs these flags; its background connections would be refused here anyway. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Playwright gives every launch a fresh temporary profile.
    args: CHROMIUM_ARGS,
  });
}

export async function newContext(browser: Browser, viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: GATEWAY_URL, viewport: VIEWPORTS[viewport] });
  ctx.setDefaultTimeout(15_000);
  return ctx;
}

export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
