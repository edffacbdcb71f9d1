import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { EventEnvelope } from '@turnbook/contracts';
import { applyRoleStores, startTestService, STORE_STAFF, STORE_USERS } from '@turnbook/test-kit';
import { CustomerRepository } from '../customers/repository';
import type { Account } from '../accounts/identity-accounts';
import { createCustomersService } from '../service';

/** Users of the test stores (ids are arbitrary; only their relation to the stores matters). */
export const USERS = { ...STORE_USERS, otherStaff: 201 };
export const STAFF = { ...STORE_STAFF, archived: 10005, other: 10010 };
/** The phones of the accounts behind the customer and other-store tokens. */
export const PHONES = { customer: '5550001111', otherOwner: '5550002222' };
export type Role = 'owner' | 'admin' | 'superadmin' | 'limited' | 'staff' | 'otherStore' | 'customer' | 'none';
export const ROLES: Role[] = ['owner', 'admin', 'superadmin', 'limited', 'staff', 'otherStore', 'customer', 'none'];

/**
 * The customers service on a fresh database with two stores: S1 (owner, admin, superadmin, limited, plain
 * staff) and S2 (another owner and staff). Store ids are random per file, because test files share NATS
 * and the customer events we record are picked by store.
 */
export async function startCustomers(env: Record<string, string> = {}) {
  // Identity's accounts as the service reads them (identity is not started here).
  const accounts = new Map<number, Account>([
    [USERS.customer, { id: USERS.customer, role: 'customer', phone: PHONES.customer, email: 'customer@example.com', verified: true, createdAt: new Date(0) }],
    [USERS.otherOwner, { id: USERS.otherOwner, role: 'professional', phone: PHONES.otherOwner, email: 'other@example.com', verified: true, createdAt: new Date(0) }],
  ]);
  let nextGuest = 900_000;
  /** A visitor who has just registered in the booking flow with this phone (not verified yet): their account id. */
  const guest = (phone: string, over: Partial<Account> = {}) => {
    const id = ++nextGuest;
    accounts.set(id, { id, role: 'customer', phone, email: `guest${id}@example.com`, verified: false, createdAt: new Date(), ...over });
    return id;
  };
  const svc = await startTestService(createCustomersService({ accounts: { byId: async (id) => accounts.get(id) ?? null } }), { env });
  // The test's own view of the service's database (the service keeps its wiring to itself).
  const repo = new CustomerRepository(svc.db, svc.bus, svc.memberships);
  const { S1, S2 } = await applyRoleStores(svc.memberships, {
    extra: [{ userId: 105, staffId: STAFF.archived, role: 'staff', archived: true }],
    other: [{ userId: USERS.otherStaff, staffId: STAFF.other, role: 'staff', archived: false }],
  });

  // Every customer event of our two stores as the stream holds it, i.e. what durable consumers such as
  // scheduling receive (a retried publish of the same event id is deduplicated there).
  const events: EventEnvelope[] = [];
  const consumer = await jetstream(svc.bus.connection).consumers.get('EVENTS', {
    filter_subjects: 'evt.customer.>',
    deliver_policy: DeliverPolicy.New,
  });
  const messages = await consumer.consume();
  void (async () => {
    for await (const m of messages) {
      const env = JSON.parse(m.string()) as EventEnvelope;
      if (env.storeId === S1 || env.storeId === S2) events.push(env);
    }
  })();

  const tokens: Record<Exclude<Role, 'none'>, string> & { platform: string; storeLogin: string; kiosk: string } = {
    owner: svc.keys.user(USERS.owner),
    admin: svc.keys.user(USERS.admin),
    superadmin: svc.keys.user(USERS.superadmin),
    limited: svc.keys.user(USERS.limited),
    staff: svc.keys.user(USERS.staff),
    otherStore: svc.keys.user(USERS.otherOwner),
    customer: svc.keys.user(USERS.customer, 'customer', PHONES.customer),
    platform: svc.keys.superAdmin(),
    storeLogin: svc.keys.store(S1),
    kiosk: svc.keys.kiosk(S1),
  };
  const auth = (who: Role | 'platform' | 'storeLogin' | 'kiosk'): Record<string, string> =>
    who === 'none' ? {} : { Authorization: `Bearer ${tokens[who]}` };

  /** Creates a customer in a store as its owner and returns the answer's customer. */
  const create = async (fields: Record<string, unknown>, storeId = S1) => {
    const who = storeId === S2 ? 'otherStore' : 'owner';
    const res = await svc.http().post('/api/customer').set(auth(who)).send({ storeId, ...fields });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.customer as { id: number } & Record<string, unknown>;
  };

  /** Publishes scheduling's staff.updated for a staff member of S1 (the service learns names from it). */
  const staffUpdated = (staffId: number, fname: string) =>
    svc.bus.publishDurably(
      svc.bus.event('staff.updated', S1, {
        storeId: S1, staffId, userId: null, fname, lname: '', nickname: '', role: 'staff', online_booking: 'ON', color: '', archived: false,
      }),
    );

  return {
    ...svc,
    repo,
    staffUpdated,
    S1,
    S2,
    events,
    auth,
    create,
    guest,
    eventsOf: (type: string) => events.filter((e) => e.type === type),
    async stop() {
      await messages.close();
      await svc.stop();
    },
  };
}
export type Harness = Awaited<ReturnType<typeof startCustomers>>;

/** Status codes expected per role for a call. */
export type Expect = Record<Role, number | number[]>;
/** Customer lists, searches and details: members who are not limited (limited staff see customers only on the calendar). */
export const NOT_LIMITED_READ: Expect = { owner: 200, admin: 200, superadmin: 200, limited: 403, staff: 200, otherStore: 403, customer: 403, none: 401 };
