import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { TRACE, openContexts } from './failure-artifacts';

export const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
/** Screenshots are the suite's artifacts: a person can look at what each journey showed. */
export const ARTIFACTS = path.resolve(__dirname, '../../../test-results/e2e');

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  tabletLandscape: { width: 1180, height: 820 },
  desktop: { width: 1280, height: 800 },
  /** a common laptop: wide tables (reports) must fit it without a sideways scroll */
  laptop: { width: 1440, height: 900 },
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

/** Chromium's headless shell when installed (`npm start` and `npm test` install it): a quarter less CPU. */
const EXECUTABLE = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    // Playwright gives every launch a fresh temporary profile.
    args: CHROMIUM_ARGS,
    // `npm test -- --clock` runs this process under libfaketime; Chromium does not run under LD_PRELOAD, and
    // its pages get the run's clock from newContext instead.
    env: { ...process.env, LD_PRELOAD: '' },
  });
}

const CLOCK_OFFSET_MS = Number(process.env.TURNBOOK_FAKE_CLOCK_OFFSET_MS ?? 0);

/** Runs in each page before its scripts: `Date` reads the real clock plus `offset` ms. */
function shiftDate(offset: number) {
  const Real = Date;
  class Shifted extends Real {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(Real.now() + offset);
      else super(...(args as ConstructorParameters<DateConstructor>));
    }

    static override now() {
      return Real.now() + offset;
    }
  }
  globalThis.Date = Shifted as DateConstructor;
}

/** What the browser refused because of the gateway's content security policy, per context (Chromium says so on the console). */
const cspViolations = new WeakMap<BrowserContext, string[]>();

export async function newContext(browser: Browser, viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: GATEWAY_URL, viewport: VIEWPORTS[viewport] });
  ctx.setDefaultTimeout(15_000);
  // Under `npm test -- --clock` the run's clock is ahead of the real one (libfaketime): the pages' Date is
  // moved by the same offset. Only Date: Playwright's clock would fake the timers too, and the pages'
  // transitions and debounces would then wait on it.
  if (CLOCK_OFFSET_MS) await ctx.addInitScript(shiftDate, CLOCK_OFFSET_MS);
  const refused: string[] = [];
  cspViolations.set(ctx, refused);
  ctx.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) refused.push(`${msg.page()?.url() ?? ''}: ${msg.text()}`);
  });
  // With E2E_TRACE=1, traced from the start; src/setup-after-env.ts keeps the trace only when the test fails.
  // Off by default: a DOM snapshot of every action cost a sixth of the browser's CPU and a third of jest's in
  // the e2e lanes, for a file nobody can fetch from CI; a failed test keeps a full-page screenshot of each
  // page it left open either way. No screencast: filming every repaint doubled the cost of each screenshot.
  if (TRACE) await ctx.tracing.start({ screenshots: false, snapshots: true });
  openContexts.add(ctx);
  ctx.on('close', () => openContexts.delete(ctx));
  return ctx;
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** axe-core's findings on the page as it is now; serious and critical ones fail the journey. */
export async function checkAccessibility(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  // axe-core itself (what @axe-core/playwright's legacy mode runs, minus its fresh injection of the 0.5 MB
  // script before every check): injected once per document, a single-page app's navigations keep it.
  // The product has no frames, so one axe.run on the document sees everything.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // resultTypes: every rule still runs on every node and each violation lists all its nodes; only passes
  // and inapplicable results (never read here) stop at one node each instead of describing every passing
  // node (a selector per node: most of a check's time on a long list).
  const violations = await page.evaluate(
    async (tags) => {
      const found = await (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations', 'incomplete'],
      });
      const listed = found.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
      // axe leaves text drawn in its own background's colour (1:1, unreadable) "to review" rather than
      // failing it; for us it is a failure (a badge whose text was its background passed that way).
      for (const v of found.incomplete.filter((r) => r.id === 'color-contrast')) {
        const invisible = v.nodes.filter((n) => n.any.some((c) => (c.data as { messageKey?: string } | null)?.messageKey === 'equalRatio'));
        if (invisible.length) listed.push({ id: 'color-contrast', impact: 'serious', help: 'Text has the colour of its background (1:1)', targets: invisible.map((n) => n.target.join(' ')) });
      }
      return listed;
    },
    AXE_TAGS,
  );
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length === 0) return;
  const lines = blocking.map((v) => `  ${v.impact} ${v.id}: ${v.help}\n${v.targets.slice(0, 5).map((t) => `      ${t}`).join('\n')}`);
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

/**
 * Every screen a journey looks at: a screenshot to look at, and the accessibility check. The whole page (two
 * shots in five are taller than the viewport), as JPEG: a third of the time of a full-page PNG.
 */
export async function shot(page: Page, name: string): Promise<string> {
  checkContentSecurityPolicy(page, name);
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.jpg`);
  const t0 = Date.now();
  await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 80 });
  const t1 = Date.now();
  // The local mail sink's page (/dev/mailbox, one iframe per mail) is a developer tool, not the product.
  if (!new URL(page.url()).pathname.startsWith('/dev/')) await checkAccessibility(page, name);
  // Where a journey's time goes: E2E_TIMINGS=<file> gets one JSON line per shot (screenshot and axe, ms).
  if (process.env.E2E_TIMINGS) appendFileSync(process.env.E2E_TIMINGS, `${JSON.stringify({ name, screenshotMs: t1 - t0, axeMs: Date.now() - t1 })}\n`);
  return file;
}
