import { allows, isFreshGuestAccount, nameKey, sameName, type StoreAccess } from '@turnbook/domain';
import { CUSTOMERS_MESSAGES, customers as api } from '@turnbook/contracts';
import { AppError, badRequest, notFound, type Caller, type EventBus } from '@turnbook/service-kit';
import type { Accounts } from '../accounts/identity-accounts';
import { accountProving } from '../accounts/proven-phone';
import { limitGuestCreate, type GuestLimitDeps } from '../guest-limits/limit-guest-creates';
import { customerCreated } from './customer-events';
import { checkFavStaff, type FavStaffDeps } from './fav-staff';
import type { CustomerDoc, CustomerRepository } from './repository';

/** How long a public create waits for a concurrent one holding the same phone claim. */
const CLAIM_WAIT_MS = 3000;
/** A claim still unsettled after this long was left by a crashed request and may be taken over. */
const CLAIM_STALE_MS = 15_000;

export type CreateCustomerDeps = { customers: CustomerRepository; bus: EventBus; accounts: Accounts } & Pick<FavStaffDeps, 'staffNames'> & GuestLimitDeps;

export type Created = { by: 'staff'; customer: CustomerDoc } | { by: 'public'; id: number; created: boolean };

/**
 * POST customer. Staff who may add customers (store members who are not limited; the route's policy
 * refuses limited staff, and `status` from anyone but a manager) create one with whatever fields they give.
 * Everyone else may only create or find a customer by (store, phone), learns only its id, and is rate
 * limited per phone and per client address: the store's kiosk for a walk-in, and the booking flow, whose
 * customer is tied to the visitor's account (the token's user, or the account just registered in the
 * flow, named by `userId`) and must carry that account's phone (docs/decisions.md). The kiosk's find is by
 * phone and name (docs/product/kiosk.md).
 */
export async function createCustomer(
  deps: CreateCustomerDeps,
  input: { body: api.CreateCustomerBody; access: StoreAccess | undefined; caller?: Caller; ip?: string },
): Promise<Created> {
  const { body, access } = input;
  if (!(await deps.customers.storeExists(body.storeId))) throw notFound('Store not found');
  await checkFavStaff(deps, body.storeId, body.fav_staffId);
  if (access && allows('storeNotLimited', access)) return { by: 'staff', customer: await createByStaff(deps, body) };
  if (!body.phone) throw badRequest('phone', 'phone: is required');
  const kiosk = access?.isKiosk === true;
  await limitGuestCreate(deps, { address: kiosk ? undefined : (input.ip ?? ''), phone: body.phone });
  const accountId = kiosk ? null : await visitorAccount(deps, body, input.caller);
  // The kiosk's walk-in is the phone's customer only under the same name: a phone typed by someone else
  // (a stranger's, a family's) makes a customer of its own, which the front desk may merge.
  const found = await findOrCreateByPhone(deps, { ...body, phone: body.phone }, accountId, kiosk ? { fname: body.fname, lname: body.lname ?? '' } : null);
  const proving = accountProving(input.caller, body.phone);
  if (!found.created && proving !== undefined) await deps.customers.linkAccount(body.storeId, body.phone, proving);
  return { by: 'public', ...found };
}

/**
 * The booking visitor's account, which must hold the phone the customer is made with: the token's user,
 * or without a token the account registered in this booking flow (not verified yet, made within the hour).
 */
async function visitorAccount(deps: CreateCustomerDeps, body: api.CreateCustomerBody, caller: Caller | undefined): Promise<number> {
  const signedIn = caller?.kind === 'user';
  const id = signedIn ? caller.userId : body.userId;
  if (id == null) throw new AppError('validation', CUSTOMERS_MESSAGES.accountRequired, 'userId');
  const account = await deps.accounts.byId(id);
  if (!account || (!signedIn && !isFreshGuestAccount(account))) throw new AppError('validation', CUSTOMERS_MESSAGES.accountRequired, 'userId');
  if (account.phone !== body.phone) throw new AppError('validation', CUSTOMERS_MESSAGES.useYourAccountPhone, 'phone');
  return account.id;
}

async function createByStaff(deps: CreateCustomerDeps, body: api.CreateCustomerBody): Promise<CustomerDoc> {
  const now = new Date();
  return insert(deps, {
    storeId: body.storeId,
    fname: body.fname,
    lname: body.lname ?? '',
    email: body.email ?? null,
    phone: body.phone ?? null,
    status: body.status ?? '',
    fav_staffId: body.fav_staffId ?? null,
    book_with_fav_staff: body.book_with_fav_staff ?? 0,
    visited: body.visited ?? 0,
    color: body.color ?? null,
    accountId: null,
    created_at: now,
    updated_at: now,
  });
}

export type Person = { fname: string; lname: string };

/**
 * Create-or-return by phone (and by name too when `person` is given); never changes an existing customer.
 * Concurrent calls for one phone (and name) create one.
 */
export async function findOrCreateByPhone(deps: CreateCustomerDeps, body: api.CreateCustomerBody & { phone: string }, accountId: number | null, person: Person | null): Promise<{ id: number; created: boolean }> {
  const { customers } = deps;
  const key = person ? `${body.storeId}:${body.phone}:${nameKey(person)}` : `${body.storeId}:${body.phone}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await existing(customers, body.storeId, body.phone, key, person);
    if (found) return { id: found, created: false };
    if (await customers.tryClaim(key)) {
      const now = new Date();
      const c = await insert(deps, {
        storeId: body.storeId,
        fname: body.fname,
        lname: body.lname ?? '',
        email: body.email ?? null,
        phone: body.phone,
        status: '',
        fav_staffId: body.fav_staffId ?? null,
        book_with_fav_staff: body.book_with_fav_staff ?? 0,
        visited: 0,
        color: null,
        accountId,
        created_at: now,
        updated_at: now,
      });
      await customers.settleClaim(key, c._id);
      return { id: c._id, created: true };
    }
    // Someone else is creating this phone's customer right now: wait for their id.
    const settled = await waitForClaim(customers, key);
    if (settled) return { id: settled, created: false };
  }
  throw new AppError('customerClaimBusy', CUSTOMERS_MESSAGES.tryAgain);
}

function insert(deps: CreateCustomerDeps, doc: Parameters<CustomerRepository['create']>[0]): Promise<CustomerDoc> {
  return deps.customers.create(doc, (saved) => customerCreated(deps.bus, saved));
}

/** The customer already known for this phone (and name): the claim's, else the oldest with that phone (and name). */
async function existing(customers: CustomerRepository, storeId: number, phone: string, key: string, person: Person | null): Promise<number | undefined> {
  const claim = await customers.findClaim(key);
  if (claim?.customerId) {
    const claimed = await customers.findInStore(storeId, claim.customerId);
    if (claimed && (!person || sameName(claimed, person))) return claim.customerId;
    await customers.dropClaim(key, claim.customerId); // deleted, merged away or renamed since
  } else if (claim && Date.now() - new Date(claim.at).getTime() > CLAIM_STALE_MS) {
    await customers.dropClaim(key, null);
  }
  const [first] = (await customers.findByPhone(storeId, phone)).filter((c) => !person || sameName(c, person));
  if (first) await customers.pointClaim(key, first._id);
  return first?._id;
}

async function waitForClaim(customers: CustomerRepository, key: string): Promise<number | undefined> {
  const until = Date.now() + CLAIM_WAIT_MS;
  while (Date.now() < until) {
    const claim = await customers.findClaim(key);
    if (!claim) return undefined;
    if (claim.customerId) return claim.customerId;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}
