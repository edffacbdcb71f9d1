import type { Browser } from 'playwright-core';
import { checkAccessibility, launch, newContext } from '../src/browser';

// The axe check every shot() runs must still catch what it is there for: a serious finding fails, and the
// finding names its rule and element. A page of its own (setContent), so nothing of the stack is needed.

let browser: Browser;
beforeAll(async () => void (browser = await launch()));
afterAll(async () => browser?.close());

describe('the accessibility check of every shot', () => {
  it('when a screen has an unlabelled button and low-contrast text, then the check fails naming both', async () => {
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body><main>
      <h1>Check</h1><button id="mute"><svg width="10" height="10"></svg></button>
      <p id="faint" style="color:#ccc;background:#fff">hard to read</p></main></body></html>`);
    const error = await checkAccessibility(page, 'broken').then(() => undefined, (e: Error) => e);
    expect(error?.message).toMatch(/critical button-name: .*\n\s+#mute/);
    expect(error?.message).toMatch(/serious color-contrast: .*\n\s+#faint/);
    await ctx.close();
  });

  it('when the same screen is fixed, then the check passes, on a document that already has axe injected', async () => {
    const ctx = await newContext(browser, 'phone');
    const page = await ctx.newPage();
    await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body><main>
      <h1>Check</h1><button id="mute" aria-label="Mute"><svg width="10" height="10"></svg></button>
      <p id="faint" style="color:#222;background:#fff">easy to read</p></main></body></html>`);
    await checkAccessibility(page, 'fixed');
    await page.evaluate(() => document.getElementById('mute')!.removeAttribute('aria-label'));
    await expect(checkAccessibility(page, 'broken again')).rejects.toThrow(/critical button-name/);
    await ctx.close();
  });
});
