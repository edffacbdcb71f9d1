import { readdirSync, readFileSync } from 'node:fs';
import { launch, newContext } from './src/browser';
import { loginAndSettle } from './src/steps';

function chromeCpu(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!/chrom/i.test(cmd)) continue;
      const type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out[type] = (out[type] ?? 0) + (Number(f[11]) + Number(f[12])) / 100;
    } catch { /* gone */ }
  }
  return out;
}
const diff = (a: Record<string, number>, b: Record<string, number>) => Object.fromEntries(Object.keys(b).map((k) => [k, +(b[k] - (a[k] ?? 0)).toFixed(2)]));

it('probe', async () => {
  const browser = await launch();
  const c0 = chromeCpu();
  const ctx = await newContext(browser, 'tabletLandscape');
  const page = await ctx.newPage();
  await loginAndSettle(page, 'owner@turnbook.demo', 'Owner-pass-1');
  const c1 = chromeCpu();
  console.log('login+settle', diff(c0, c1), page.url());
  await page.goto('/calendar'); await page.waitForLoadState('networkidle');
  const c2 = chromeCpu();
  console.log('goto calendar', diff(c1, c2));
  await new Promise((r) => setTimeout(r, 10_000));
  const c3 = chromeCpu();
  console.log('idle 10 s', diff(c2, c3));
  for (const p of ['/customers', '/staffs', '/calendar', '/services']) { await page.goto(p); await page.waitForLoadState('networkidle'); }
  const c4 = chromeCpu();
  console.log('4 gotos', diff(c3, c4));
  await page.screenshot({ path: '/tmp/probe/a.jpg', fullPage: true, type: 'jpeg', quality: 80 });
  const c5 = chromeCpu();
  console.log('1 shot', diff(c4, c5));
  await browser.close();
}, 120_000);
