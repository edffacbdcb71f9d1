import { randomInt } from 'node:crypto';
import { buildService } from '@turnbook/service-kit';
import { startTestService } from '@turnbook/test-kit';
import { createSchedulingService, type SchedulingOptions } from '../service';
import { customersDouble, type CustomersDouble } from './customers-stub';
import { startIdentityStub, type IdentityStub } from './identity-stub';

const INTERNAL_TOKEN = 'test-internal-token-0123456789';

export type Role = 'owner' | 'admin' | 'superadmin' | 'limited' | 'staff' | 'other' | 'customer' | 'none';
export const ROLES: Role[] = ['owner', 'admin', 'superadmin', 'limited', 'staff', 'other', 'customer', 'none'];

export const storeBody = (over: Record<string, unknown> = {}) => ({
  name: 'Nail Studio',
  street: '1 Main St',
  city: 'Philadelphia',
  state: 'PA',
  zip: '19103',
  email: 'Studio@Example.com',
  phone: '(215) 555-0123',
  username: `studio${randomInt(1e9)}`,
  password: 'secret-pass',
  password_confirmation: 'secret-pass',
  hours: { mon: '10:00 am-6:00 pm', tue: '10:00 am-6:00 pm', sun: 'closed-closed' },
  ...over,
});

// Test files add far more staff and book online far more than one visitor would in an hour; the limits'
// own tests set them low.
const LIFTED_LIMITS = { PASSWORD_HASH_COST: 'low', STAFF_ADDS_PER_HOUR: '1000', GUEST_BOOKING_PER_ADDRESS: '10000', GUEST_BOOKING_PER_PHONE: '10000', GUEST_BOOKING_PER_STORE: '10000', GUEST_LOG_PER_ADDRESS: '10000' };
const startService = (identityUrl: string, options: SchedulingOptions, env: Record<string, string>) =>
  startTestService(createSchedulingService(options), { env: { IDENTITY_URL: identityUrl, INTERNAL_TOKEN, ...LIFTED_LIMITS, ...env } });
type TestService = Awaited<ReturnType<typeof startService>>;

/**
 * One scheduling service on a fresh database with an identity double, and a store with one user per
 * store role: owner, admin, superadmin, limited, plain staff; plus the owner of another store,
 * a customer, and no token.
 */
export async function startWorld(env: Record<string, string> = {}) {
  const identity: IdentityStub = await startIdentityStub(INTERNAL_TOKEN);
  const customers = customersDouble();
  const options: SchedulingOptions = { customers: customers.client, accounts: { accountById: async (id) => identity.accountById(id) } };
  let svc: TestService;
  try {
    svc = await startService(identity.url, options, env);
  } catch (err) {
    await identity.stop();
    throw err;
  }
  try {
    return await populate(identity, customers, options, svc, env);
  } catch (err) {
    // A failed setup must not leave connections open (jest would never exit).
    await svc.stop().catch(() => undefined);
    await identity.stop();
    throw err;
  }
}

async function populate(identity: IdentityStub, customers: CustomersDouble, options: SchedulingOptions, svc: TestService, env: Record<string, string>) {
  // Test files share one NATS; distinct id ranges keep another file's membership events (which reach
  // every instance through the shared durable consumer) from landing on our stores.
  const base = 100_000 + randomInt(800_000) * 10;
  await svc.db.collection('counters').insertOne({ _id: 'stores', seq: base } as never);
  const userBase = 1_000_000 + randomInt(8_000_000) * 10;
  const ids = { owner: userBase + 1, admin: userBase + 2, superadmin: userBase + 3, limited: userBase + 4, staff: userBase + 5, other: userBase + 6, customer: userBase + 7 };
  for (const [role, id] of Object.entries(ids)) identity.addUser({ id, email: `${role}-${id}@example.com`, fname: role, role: role === 'customer' ? 'customer' : 'professional' });

  const tokens: Record<Role, string | null> = {
    owner: svc.keys.user(ids.owner),
    admin: svc.keys.user(ids.admin),
    superadmin: svc.keys.user(ids.superadmin),
    limited: svc.keys.user(ids.limited),
    staff: svc.keys.user(ids.staff),
    other: svc.keys.user(ids.other),
    customer: svc.keys.user(ids.customer, 'customer', '2155550177'),
    none: null,
  };
  const http = svc.http;
  const as = (role: Role | string | null) => {
    const token = role === null ? null : (tokens as Record<string, string | null>)[role] ?? role;
    const auth = (r: ReturnType<ReturnType<typeof http>['get']>) => (token ? r.set('authorization', `Bearer ${token}`) : r);
    return {
      get: (url: string) => auth(http().get(url)),
      post: (url: string, body: object = {}) => auth(http().post(url)).send(body),
      patch: (url: string, body: object = {}) => auth(http().patch(url)).send(body),
      put: (url: string, body: object = {}) => auth(http().put(url)).send(body),
      delete: (url: string) => auth(http().delete(url)),
    };
  };

  const createStore = async (owner: Role, over: Record<string, unknown> = {}) => {
    const res = await as(owner).post('/api/store', storeBody(over));
    if (res.status !== 201) throw new Error(`store create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.store as { id: number; permalink: string; [k: string]: unknown };
  };
  /** The Yes path as it is now: the owner invites by email, the person (signed in as `userToken`) accepts. */
  const joinByInvitation = async (owner: Role | string, storeId: number, email: string, userToken: string, extra: Record<string, unknown> = {}) => {
    const res = await as(owner).post('/api/staff', { hasAccount: 'hasAccount', email, storeId, ...extra });
    if (res.status !== 201) throw new Error(`staff invite failed: ${res.status} ${JSON.stringify(res.body)}`);
    const accepted = await as(userToken).post(`/api/staff-invitation/${res.body.invitation.id}/accept`);
    if (accepted.status !== 200) throw new Error(`invitation accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
    return accepted.body.employee as { id: number; [k: string]: unknown };
  };
  const addStaff = async (storeId: number, role: Exclude<Role, 'owner' | 'other' | 'customer' | 'none'>) => {
    const staffId = (await joinByInvitation('owner', storeId, `${role}-${ids[role]}@example.com`, tokens[role]!)).id;
    if (role !== 'staff') await as('owner').post(`/api/updateEmployeeRole/${staffId}`, { role }).expect(200);
    return staffId;
  };

  /** A store's Gel Manicure (45 min, $35, booked online and in the salon): the service most tests book. */
  const addGel = async (storeId: number = store.id) => {
    const res = await as('owner').post('/api/service', { storeId, name: 'Gel Manicure', duration: 45, price: 35, icon: '12', type: 'ALL' });
    if (res.status !== 201) throw new Error(`service create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.service.id as number;
  };

  const store = await createStore('owner');
  customers.homeStore(store.id);
  const staffIds = {
    admin: await addStaff(store.id, 'admin'),
    superadmin: await addStaff(store.id, 'superadmin'),
    limited: await addStaff(store.id, 'limited'),
    staff: await addStaff(store.id, 'staff'),
  };
  const otherStore = await createStore('other', { name: 'Other Place' });

  let nextGuest = userBase + 100;
  /**
   * A visitor who has just registered in the booking flow (a fresh, unverified account with its own phone)
   * and is a customer of the store with that phone: one customer id, or several (a family sharing it).
   */
  const guest = (storeId: number = store.id, customerIds: number[] = [nextGuest + 1_000_000]) => {
    const userId = ++nextGuest;
    const phone = `267${String(userId).slice(-7)}`;
    identity.addUser({ id: userId, email: `guest-${userId}@example.com`, fname: 'guest', phone, role: 'customer', verified: false, createdAt: new Date().toISOString() });
    for (const id of customerIds) customers.add({ id, storeId, phone });
    return { userId, phone, customerId: customerIds[0] };
  };

  return {
    svc,
    identity,
    customers,
    guest,
    ids,
    tokens,
    as,
    store,
    otherStore,
    staffIds,
    createStore,
    joinByInvitation,
    addGel,
    superAdmin: svc.keys.superAdmin(ids.owner + 100),
    /** Another instance of the service on the same database and settings, as behind the gateway with several instances. */
    anotherInstance: () =>
      buildService(createSchedulingService(options), {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        MONGO_DB: svc.config.mongoDb,
        DURABLE_SUFFIX: svc.config.DURABLE_SUFFIX,
        IDENTITY_URL: svc.config.IDENTITY_URL,
        ...LIFTED_LIMITS,
        ...env,
        INTERNAL_TOKEN: svc.config.INTERNAL_TOKEN,
      }, { keys: svc.keys.source }),
    async stop() {
      await svc.stop();
      await identity.stop();
    },
  };
}
export type World = Awaited<ReturnType<typeof startWorld>>;

/** The world with its store's Gel Manicure: where most booking tests start. */
export async function startWorldWithGel(env: Record<string, string> = {}) {
  const w = await startWorld(env);
  try {
    return { w, gel: await w.addGel() };
  } catch (err) {
    await w.stop();
    throw err;
  }
}

/** `n` consecutive ids from `from`: the store's customers that share one visitor's phone. */
export const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

/** Counts documents of a collection, to show a refused call wrote nothing. */
export const count = (w: World, collection: string, filter: object = {}) => w.svc.db.collection(collection).countDocuments(filter);
