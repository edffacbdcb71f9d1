import { allows, type StoreAccess } from '@turnbook/domain';
import { CUSTOMERS_MESSAGES, customers as api } from '@turnbook/contracts';
import { AppError, badRequest, notFound, type EventBus } from '@turnbook/service-kit';
import { customerCreated } from './customer-events';
import { checkFavStaff } from './fav-staff';
import type { CustomerDoc, CustomerRepository } from './repository';

/** How long a public create waits for a concurrent one holding the same phone claim. */
const CLAIM_WAIT_MS = 3000;
/** A claim still unsettled after this long was left by a crashed request and may be taken over. */
const CLAIM_STALE_MS = 15_000;

export type CreateCustomerDeps = { customers: CustomerRepository; bus: EventBus };

export type Created = { by: 'staff'; customer: CustomerDoc } | { by: 'public'; id: number; created: boolean };

/**
 * POST customer. Staff who may add customers (store members who are not limited; the route's policy
 * refuses limited staff) create one with whatever fields they give. Everyone else (the booking page, with
 * or without a customer token) may only create or find a customer by (store, phone) and learns only its id.
 */
export async function createCustomer(deps: CreateCustomerDeps, input: { body: api.CreateCustomerBody; access: StoreAccess | undefined }): Promise<Created> {
  const { body, access } = input;
  if (!(await deps.customers.storeExists(body.storeId))) throw notFound('Store not found');
  await checkFavStaff(deps.customers, body.storeId, body.fav_staffId);
  if (access && allows('storeNotLimited', access)) return { by: 'staff', customer: await createByStaff(deps, body) };
  return { by: 'public', ...(await findOrCreateByPhone(deps, body)) };
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
    created_at: now,
    updated_at: now,
  });
}

/** Create-or-return by phone; never changes an existing customer. Concurrent calls for one phone create one. */
async function findOrCreateByPhone(deps: CreateCustomerDeps, body: api.CreateCustomerBody): Promise<{ id: number; created: boolean }> {
  if (!body.phone) throw badRequest('phone', 'phone: is required');
  const { customers } = deps;
  const key = `${body.storeId}:${body.phone}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await existing(customers, body.storeId, body.phone, key);
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

/** The customer already known for this phone: the claim's, else the oldest with that phone. */
async function existing(customers: CustomerRepository, storeId: number, phone: string, key: string): Promise<number | undefined> {
  const claim = await customers.findClaim(key);
  if (claim?.customerId) {
    if (await customers.findInStore(storeId, claim.customerId)) return claim.customerId;
    await customers.dropClaim(key, claim.customerId); // deleted or merged away since
  } else if (claim && Date.now() - new Date(claim.at).getTime() > CLAIM_STALE_MS) {
    await customers.dropClaim(key, null);
  }
  const [first] = await customers.findByPhone(storeId, phone);
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
