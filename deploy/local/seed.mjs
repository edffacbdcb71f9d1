// Seeds the demo through the running system: users through identity's internal seed call, everything
// else through the public API as the demo owner would do it. Run once by the launcher (a marker file
// prevents reseeding); exits non-zero on failure so the next start retries. Safe to re-run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_USERS, DEMO_STORE, DEMO_STAFF, DEMO_SERVICES, demoCustomers, demoDaysOff } from './seed/demo-data.mjs';
import { seedDemoWeek } from './seed/seed-week.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const IDENTITY = process.env.IDENTITY_URL ?? 'http://127.0.0.1:4101';
const INTERNAL_TOKEN = process.env.INTERNAL_TOKEN ?? 'dev-internal-token-change-me';
/** The days before today are written straight to the database (seed/seed-week.mjs). */
const MONGO_URL = process.env.MONGO_URL;
const logins = JSON.parse(readFileSync(path.join(here, 'demo-logins.json'), 'utf8'));

const began = Date.now();
/** Seconds since the seed began, on each step's line: the seed is on npm test's way to e2e. */
const since = () => `${((Date.now() - began) / 1000).toFixed(1)} s`;

async function call(method, url, body, headers = {}) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  return { status: res.status, body: json };
}

const api = (token) => async (method, p, body, okStatuses = [200, 201]) => {
  const r = await call(method, `${GATEWAY}/api/${p}`, body, token ? { authorization: `Bearer ${token}` } : {});
  if (!okStatuses.includes(r.status)) throw new Error(`${method} ${p} -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};

async function login(email, password) {
  const body = await api()('POST', 'login', { email, password });
  return body.access_token;
}

async function main() {
  // 1. Accounts (verified) for the super admin, the owner, staff and a customer.
  const seeded = await call('POST', `${IDENTITY}/internal/seed/users`, { users: DEMO_USERS }, { 'x-internal-token': INTERNAL_TOKEN });
  if (seeded.status !== 200 && seeded.status !== 201) throw new Error(`seed users -> ${seeded.status} ${JSON.stringify(seeded.body)}`);
  console.log(`  users: ${seeded.body.users.length} (${since()})`);

  const owner = DEMO_USERS.find((u) => u.email === logins.find((l) => l.role === 'owner').login);
  const ownerToken = await login(owner.email, owner.password);
  const asOwner = api(ownerToken);
  const ownerId = seeded.body.users.find((u) => u.email === owner.email).id;

  // 2. The store (skipped when the owner already has it).
  const mine = await asOwner('GET', `getStoreByOwnerId/${ownerId}`);
  let store = (mine.stores ?? []).find((s) => s.permalink === DEMO_STORE.permalink);
  if (!store) {
    const kiosk = logins.find((l) => l.role.startsWith('store login'));
    const created = await asOwner('POST', 'store', {
      ...DEMO_STORE.fields, username: kiosk.login, password: kiosk.password, password_confirmation: kiosk.password,
    });
    store = created.store;
  }
  // The PIN a tablet asks for when it leaves kiosk mode (set again each run: it is stored hashed).
  const desk = logins.find((l) => l.role.startsWith('store login'));
  if (desk?.pin) await asOwner('PATCH', `store/${store.id}`, { PIN: desk.pin });
  console.log(`  store: ${store.id} ${store.permalink} (${since()})`);

  // 3. Staff: accounts by email with roles; a TBD column without an account.
  const current = await asOwner('GET', `getStaffsByStoreId/${store.id}`);
  const have = new Set((current.employees ?? []).map((e) => e.email));
  for (const s of DEMO_STAFF) {
    if (s.email && have.has(s.email)) continue;
    let employee;
    if (s.email) {
      // The owner invites by email; the demo staff member accepts with their own sign-in.
      const { invitation } = await asOwner('POST', 'staff', { hasAccount: 'hasAccount', email: s.email, storeId: store.id, PIN: s.pin });
      const member = DEMO_USERS.find((u) => u.email === s.email);
      employee = (await api(await login(member.email, member.password))('POST', `staff-invitation/${invitation.id}/accept`)).employee;
    } else {
      if ((current.employees ?? []).some((e) => e.nickname === s.nickname)) continue;
      employee = (await asOwner('POST', 'staff', { hasAccount: 'noAccount', nickname: s.nickname, storeId: store.id, color: s.color })).employee;
    }
    if (s.role) await asOwner('POST', `updateEmployeeRole/${employee.id}`, { role: s.role });
    if (s.dayOff) await asOwner('POST', `updateEmployeeSchedule/${employee.id}`, { dayOff: s.dayOff });
  }
  const staff = (await asOwner('GET', `getStaffsByStoreId/${store.id}`)).employees;
  console.log(`  staff: ${staff.length} (${since()})`);

  // 4. Services.
  const services = (await asOwner('GET', `getServicesByStoreId/${store.id}`)).services ?? [];
  for (const s of DEMO_SERVICES) {
    if (services.some((x) => x.name === s.name.toLowerCase() || x.name === s.name)) continue;
    await asOwner('POST', 'service', { storeId: store.id, ...s });
  }
  console.log(`  services: ${DEMO_SERVICES.length} (${since()})`);

  // 5. Customers (200), skipped when already there.
  const existing = (await asOwner('GET', `getCustomersByStoreId/${store.id}`)).customers ?? [];
  if (existing.length < 200) {
    const known = new Set(existing.map((c) => c.phone));
    // Eight at a time (e2e waits for the seed); the services' work per customer, not the round trips, sets the pace.
    const missing = demoCustomers(staff).filter((c) => !known.has(c.phone));
    for (let i = 0; i < missing.length; i += 8) {
      await Promise.all(missing.slice(i, i + 8).map((c) => asOwner('POST', 'customer', { storeId: store.id, ...c })));
    }
  }
  // The demo customer's account is a customer of the store too: its online requests show on the calendar.
  const visitorUser = DEMO_USERS.find((u) => u.role === 'customer');
  if (!existing.some((c) => c.phone === visitorUser.phone)) {
    await asOwner('POST', 'customer', { storeId: store.id, fname: visitorUser.fname, lname: visitorUser.lname, phone: visitorUser.phone, email: visitorUser.email });
  }
  console.log(`  customers: 201 (${since()})`);

  // 6. Some days off in the coming weeks.
  const pto = demoDaysOff(staff);
  for (const d of pto) {
    const list = (await asOwner('GET', `getPTOByEmployeeId/${d.staffId}`)).pto ?? [];
    if (list.some((p) => p.date === d.date)) continue;
    await asOwner('POST', 'appointment', { storeId: store.id, ...d });
  }
  console.log(`  days off: ${pto.length} (${since()})`);

  // 7. The salon pays its plan (it has more staff than the free plan allows), with Stripe's own test card
  // token through the real subscribe call (stripe-mock locally), so the demo calendar is not 'expired'.
  const pkg = await asOwner('GET', `getPackageByStoreId/${store.id}`);
  if (!pkg.id || pkg.expiration !== 'active') {
    const { products } = await asOwner('GET', 'getAllPlans');
    const d = DEMO_STORE.fields;
    await asOwner('POST', `subscribe/${store.id}`, {
      stripeEmail: owner.email, stripeToken: 'tok_visa', full_name: `${owner.fname} ${owner.lname}`,
      line1: d.street, city: d.city, state: d.state, postal_code: d.zip, packageId: products[0].id,
    });
    console.log(`  plan: ${products[0].product_name}, paid with the test card`);
  }

  // 8. A week of appointments around today (store time zone), written once per day.
  const customers = (await asOwner('GET', `getCustomersByStoreId/${store.id}`)).customers ?? [];
  const catalogue = (await asOwner('GET', `getServicesByStoreId/${store.id}`)).services ?? [];
  const full = (await asOwner('GET', `getStoreByOwnerId/${ownerId}`)).stores.find((s) => s.id === store.id) ?? store;
  const visitor = {
    as: api(await login(visitorUser.email, visitorUser.password)),
    customerId: customers.find((c) => c.phone === visitorUser.phone).id,
    phone: visitorUser.phone,
  };
  await seedDemoWeek({
    asOwner, visitor, mongoUrl: MONGO_URL, ownerId,
    store: { ...full, hours: full.hours ?? DEMO_STORE.fields.hours, timezone: full.timezone ?? DEMO_STORE.fields.timezone },
    staff, services: catalogue.filter((s) => s.status === undefined || s.status === 'ON'), customers,
    daysOff: pto.map((d) => ({ staffId: d.staffId, date: d.date })),
  });
}

main().then(
  () => console.log(`demo seeded (${since()})`),
  (err) => {
    console.error(`seeding failed: ${err.message}`);
    process.exit(1);
  },
);
