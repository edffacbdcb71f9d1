import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { GATEWAY_URL, launch, newContext, shot } from '../src/browser';
import { until } from '../src/demo-booking';
import { stack } from '../src/stack';

// Issue 33 item 2: each module is a versioned bundle of its own (mfes/<name>/dist/<version>/) and the shell's
// /mfe/remotes.json, read at run time, names the version that runs. A second version of the booking module is
// built next to the first and switched to with a file change (npm run mfe:use), then switched back: the shell
// and the other modules are not rebuilt. A module whose entry fails to load is fetched again, and when it
// stays down the page offers Try again instead of going blank.

const REPO = path.resolve(__dirname, '../../..');
const BOOKING = path.join(REPO, 'mfes/booking');
const NEXT = `0.0.1-e2e.${Date.now().toString(36)}`;
const STORE_PAGE = '/booking/lotus-nail-spa';

let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => {
  await browser?.close();
  rmSync(path.join(BOOKING, 'dist', NEXT), { recursive: true, force: true });
});

/** The stack's profile (.data/<profile>/run/stack.json): the one whose gateway the switch rewrites. */
const profile = () => path.basename(path.dirname(stack().runDir));
const useVersion = (...args: string[]) => execFileSync(process.execPath, [path.join(REPO, 'deploy/nginx/use-module-version.mjs'), 'booking', ...args, '--profile', profile()], { encoding: 'utf8' });
/** /mfe/remotes.json; asked again when a kept-alive connection was one a gateway reload (an earlier test's) just closed. */
const remotes = () =>
  until('remotes.json', 10_000, async () => {
    const res = await fetch(`${GATEWAY_URL}/mfe/remotes.json`).catch(() => undefined);
    return res?.ok ? ((await res.json()) as Record<string, { entry: string; version: string }>) : undefined;
  });

/** Every built file of the shell and of the other modules, with its modification time: a rebuild changes them. */
function otherBuilds(): Record<string, number> {
  const roots = [path.join(REPO, 'shells/host/dist'), ...['calendar', 'store', 'kiosk', 'admin'].map((m) => path.join(REPO, 'mfes', m, 'dist'))];
  const files: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else files[file] = statSync(file).mtimeMs;
    }
  };
  for (const root of roots) if (existsSync(root)) walk(root);
  return files;
}

/** Opens the store's booking page; the booking module's files it fetched (paths under /mfe/booking/). */
async function openStorePage(page: Page): Promise<string[]> {
  const fetched: string[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/mfe/booking/')) fetched.push(pathname);
  });
  await page.goto(STORE_PAGE);
  await page.getByRole('button', { name: 'Book Now' }).and(page.locator(':not([aria-disabled])')).waitFor();
  return fetched;
}

describe('one versioned bundle per module', () => {
  it('when a second version of the booking module is built and remotes.json is switched to it and back, then the page runs each version in turn and nothing else is rebuilt', async () => {
    const running = (await remotes()).booking.version;
    const before = otherBuilds();
    // A release of the booking module alone, published next to the running one.
    execFileSync('npx', ['rspack', 'build', '--mode', 'production'], { cwd: BOOKING, env: { ...process.env, MFE_VERSION: NEXT }, stdio: 'pipe', timeout: 300_000 });
    expect(existsSync(path.join(BOOKING, 'dist', NEXT, 'mf-manifest.json'))).toBe(true);
    expect(existsSync(path.join(BOOKING, 'dist', running, 'mf-manifest.json'))).toBe(true);

    try {
      useVersion(NEXT);
      expect((await remotes()).booking).toMatchObject({ version: NEXT, entry: `/mfe/booking/${NEXT}/mf-manifest.json` });
      const ctx = await newContext(browser, 'phone');
      const page = await ctx.newPage();
      const onNext = await openStorePage(page);
      expect(onNext).toContain(`/mfe/booking/${NEXT}/remoteEntry.js`);
      expect(onNext.filter((p) => !p.startsWith(`/mfe/booking/${NEXT}/`))).toEqual([]);
      await shot(page, 'module-versions-booking-next');
      await ctx.close();
    } finally {
      useVersion('--latest');
    }

    expect((await remotes()).booking.version).toBe(running);
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    const onRunning = await openStorePage(page);
    expect(onRunning).toContain(`/mfe/booking/${running}/remoteEntry.js`);
    expect(onRunning.filter((p) => p.includes(NEXT))).toEqual([]);
    await ctx.close();
    // The shell and the other modules: the same files, untouched.
    expect(otherBuilds()).toEqual(before);
  }, 420_000);

  it("when the booking module's entry fails to load, then the federation runtime fetches it again and the page shows the store", async () => {
    const { entry } = (await remotes()).booking;
    const remoteEntry = entry.replace('mf-manifest.json', 'remoteEntry.js');
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    // Two failures: the gateway's preload of the entry and the runtime's own first load of it.
    let requests = 0;
    await page.route(`**${remoteEntry}`, (route) => (++requests <= 2 ? route.abort('connectionreset') : route.continue()));
    await openStorePage(page);
    expect(requests).toBe(3);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await ctx.close();
  });

  it("when the booking module's entry stays down, then the page says it could not be loaded with Try again, and once the entry is back Try again shows the store", async () => {
    const { entry } = (await remotes()).booking;
    const remoteEntry = entry.replace('mf-manifest.json', 'remoteEntry.js');
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    let down = true;
    await page.route(`**${remoteEntry}`, (route) => (down ? route.abort('connectionrefused') : route.continue()));
    await page.goto(STORE_PAGE);
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { name: 'Online booking could not be loaded' }).isVisible()).toBe(true);
    expect(await page.getByText('Check the connection, then try again.').isVisible()).toBe(true);
    await shot(page, 'module-versions-booking-down');

    down = false;
    await retry.click();
    await page.getByRole('button', { name: 'Book Now' }).and(page.locator(':not([aria-disabled])')).waitFor();
    expect(await page.locator('#store-name').innerText()).toMatch(/lotus nail spa/i);
    await ctx.close();
  });
});
