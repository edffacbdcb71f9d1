import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';

/** Set E2E_TRACE=1 to keep a Playwright trace of each failed test (re-run the failing file with it). */
export const TRACE = process.env.E2E_TRACE === '1';

/** Contexts a test has open (traced from the start with E2E_TRACE=1, the trace saved only when the test fails). */
export const openContexts = new Set<BrowserContext>();
export const FAILURES = path.resolve(__dirname, '../../../test-results/e2e/failures');

const slug = (s: string) => s.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 120);

/** After a failed test: a full-page screenshot of every page it left open, and the context's trace if traced. */
export async function keepFailureArtifacts(testName: string): Promise<string[]> {
  mkdirSync(FAILURES, { recursive: true });
  const kept: string[] = [];
  let n = 0;
  for (const ctx of [...openContexts]) {
    n += 1;
    const base = path.join(FAILURES, `${slug(testName)}-${n}`);
    for (const [i, page] of ctx.pages().entries()) {
      const file = `${base}-page${i + 1}.png`;
      await page.screenshot({ path: file, fullPage: true }).then(() => kept.push(file), () => undefined);
    }
    if (TRACE) await ctx.tracing.stop({ path: `${base}-trace.zip` }).then(() => kept.push(`${base}-trace.zip`), () => undefined);
    await ctx.close();
  }
  return kept;
}
