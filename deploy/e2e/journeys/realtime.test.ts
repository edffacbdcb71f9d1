import type { Browser } from 'playwright-core';
import { launch, newContext, shot } from '../src/browser';
import { demoLogin } from '../src/demo';
import { loginAndSettle } from '../src/steps';

let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

describe('realtime in the browser', () => {
  it('when the owner opens the calendar, then the socket URL holds no token, its first message authenticates and the store channels join under the CSP', async () => {
    const owner = demoLogin('owner');
    const ctx = await newContext(browser, 'desktop');
    const page = await ctx.newPage();
    await loginAndSettle(page, owner.login, owner.password);
    const sent: string[] = [];
    const socket = new Promise<import('playwright-core').WebSocket>((resolve) => {
      page.on('websocket', (w) => {
        w.on('framesent', (f) => void sent.push(String(f.payload)));
        resolve(w);
      });
    });
    await page.goto('/calendar/lotus-nail-spa');
    const ws = await socket;
    await ws.waitForEvent('framereceived', { predicate: (f) => /"type":"subscribed","channel":"store:\d+:appointment"/.test(String(f.payload)), timeout: 30_000 });
    expect(new URL(ws.url()).search).toBe('');
    expect(JSON.parse(sent[0])).toMatchObject({ type: 'auth', token: expect.any(String) });
    await shot(page, 'realtime-desktop-calendar');
    await ctx.close();
  });
});
