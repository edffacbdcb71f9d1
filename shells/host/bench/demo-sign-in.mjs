// The demo logins (deploy/local/demo-logins.json) and a sign-in through /login as a person does it, for the
// benchmarks that measure a page signed in.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const demo = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../deploy/local/demo-logins.json'), 'utf8'));

/** The demo login of `role` ("owner", "customer", "store login (front desk; kiosk mode)", ...). */
export const demoLogin = (role) => demo.find((d) => d.role === role);

/** Signs `page` in as the demo `role` through the login form and waits until it has left /login. */
export async function signInAsDemo(page, gateway, role) {
  const who = demoLogin(role);
  await page.goto(`${gateway}/login`);
  await page.getByLabel(/^Email or username/i).fill(who.login);
  await page.getByLabel(/^Password/i).fill(who.password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}
