import type { Browser } from 'playwright-core';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { loginAndSettle } from '../src/steps';

let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

describe('realtime in the browser', () => {
  it('when the owner opens the calendar, then the socket URL holds no token, its first message authenticates and its channels join under the CSP', async () => {
    const owner = demoLogin('owner');
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await loginAndSettle(page, owner.login, owner.password);
    const sockets: Array<{ url: string; sent: string[]; received: string[] }> = [];
    page.on('websocket', (w) => {
      const s = { url: w.url(), sent: [] as string[], received: [] as string[] };
      sockets.push(s);
      w.on('framesent', (f) => void s.sent.push(String(f.payload)));
      w.on('framereceived', (f) => void s.received.push(String(f.payload)));
    });
    await page.goto('/calendar/lotus-nail-spa');
    const joined = () => sockets.find((s) => s.received.some((r) => /"type":"subscribed"/.test(r)));
    for (const until = Date.now() + 30_000; !joined() && Date.now() < until;) await page.waitForTimeout(250);
    const socket = joined();
    expect(socket ? 'joined' : JSON.stringify(sockets)).toBe('joined');
    expect(new URL(socket!.url).search).toBe('');
    expect(JSON.parse(socket!.sent[0])).toMatchObject({ type: 'auth', token: expect.any(String) });
    expect(JSON.parse(socket!.received[0])).toEqual({ type: 'authenticated' });
    await shot(page, 'realtime-desktop-calendar');
    await ctx.close();
  });
});
