// The demo logins (deploy/local/demo-logins.json) and a sign-in through /login as a person does it, for the
// benchmarks that measure a page signed in.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const demo = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../deploy/local/demo-logins.json'), 'utf8'));

/** The demo login of `role` ("owner", "customer", "store login (front desk; kiosk mode)", ...). */
export const demoLogin = (role) => demo.find((d) => d.role === role);

/**
 * Signs `page` in as the demo `role` through the login form and waits until it has left /login. The current
 * app version is acknowledged first, as the e2e journeys do: a pending update notice would add its dialog
 * (Mantine's Modal, ~16 KB gzip, loaded once per announced version) to whatever page is measured.
 */
export async function signInAsDemo(page, gateway, role) {
  const who = demoLogin(role);
  await acknowledgeUpdate(gateway, who);
  await page.goto(`${gateway}/login`);
  await page.getByLabel(/^Email or username/i).fill(who.login);
  await page.getByLabel(/^Password/i).fill(who.password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** Records the announced app version as seen by this login: a person's own marker, or the store's for a store login. */
async function acknowledgeUpdate(gateway, who) {
  const post = (route, body, token) =>
    fetch(`${gateway}/api/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => null) }));
  let owner = null;
  const person = await post('login', { email: who.login, password: who.password });
  if (person.status === 200 && person.body?.user?.id) owner = { path: `staff/${person.body.user.id}`, token: person.body.access_token };
  else {
    const store = await post('storeLogin', { username: who.login.toLowerCase(), password: who.password });
    if (store.status === 200 && store.body?.store?.id) owner = { path: `store/${store.body.store.id}`, token: store.body.access_token };
  }
  if (!owner) throw new Error(`the demo login ${who.login} could not sign in at ${gateway}`);
  const setting = await fetch(`${gateway}/api/getSetting/${owner.path}`, { headers: { authorization: `Bearer ${owner.token}` } }).then((r) => r.json());
  if (setting?.app_version) await post(`updateSetting/${owner.path}`, { app_version: setting.app_version }, owner.token);
}
