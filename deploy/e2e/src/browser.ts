import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { openContexts } from './failure-artifacts';

export const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
/** Screenshots are the suite's artifacts: a person can look at what each journey showed. */
export const ARTIFACTS = path.resolve(__dirname, '../../../test-results/e2e');

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  tabletLandscape: { width: 1180, height: 820 },
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

/** What the browser refused because of the gateway's content security policy, per context (Chromium says so on the console). */
const cspViolations = new WeakMap<BrowserContext, string[]>();

export async function newContext(browser: Browser, viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: GATEWAY_URL, viewport: VIEWPORTS[viewport] });
  ctx.setDefaultTimeout(15_000);
  const refused: string[] = [];
  cspViolations.set(ctx, refused);
  ctx.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) refused.push(`${msg.page()?.url() ?? ''}: ${msg.text()}`);
  });
  // Traced from the start; src/setup-after-env.ts keeps the trace only when the test fails. DOM snapshots of
  // every action, no screencast: filming every repaint doubled the cost of each full-page screenshot, and a
  // failed test keeps a full-page screenshot of each page it left open anyway.
  await ctx.tracing.start({ screenshots: false, snapshots: true });
  openContexts.add(ctx);
  ctx.on('close', () => openContexts.delete(ctx));
  return ctx;
}

/** axe-core's findings on the page as it is now; serious and critical ones fail the journey. */
export async function checkAccessibility(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  // Legacy mode: one axe.run in the page instead of runPartial plus finishRun in a blank page of its own
  // (a second page and a second injection per check). Same rules and results; it would only skip
  // cross-origin frames, and the product has no frames.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true)
    .analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length === 0) return;
  const lines = blocking.map((v) => `  ${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `      ${n.target.join(' ')}`).join('\n')}`);
  throw new Error(`accessibility (axe-core) on "${name}" at ${new URL(page.url()).pathname}:\n${lines.join('\n')}`);
}

/**
 * Waits (at most 2 s) for the page's finite CSS animations and transitions: a notification fading in or out
 * is half transparent, and axe reads its contrast as it is at that instant. Spinners (infinite) are left.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((r) => setTimeout(r, 2000))]);
  });
}

/** A screen works under the gateway's CSP only if the browser refused nothing on the way to it. */
export function checkContentSecurityPolicy(page: Page, name: string): void {
  const refused = cspViolations.get(page.context()) ?? [];
  if (refused.length) throw new Error(`content security policy violations before "${name}":\n${refused.join('\n')}`);
}

/** Every screen a journey looks at: a screenshot to look at, and the accessibility check. */
export async function shot(page: Page, name: string): Promise<string> {
  checkContentSecurityPolicy(page, name);
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  // The local mail sink's page (/dev/mailbox, one iframe per mail) is a developer tool, not the product.
  if (!new URL(page.url()).pathname.startsWith('/dev/')) await checkAccessibility(page, name);
  return file;
}
