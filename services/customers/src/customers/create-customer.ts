import { customers as api } from '@turnbook/contracts';
import { badRequest, conflict, type EventBus } from '@turnbook/service-kit';
import type { CustomerIndex } from '../search/customer-index';
import { customerCreated } from './customer-events';
import type { CustomerDoc, CustomerRepository, NewCustomer } from './repository';
import type { StoreAccess } from './store-access';

/** How long a public create waits for a concurrent one holding the same phone claim. */
const CLAIM_WAIT_MS = 3000;
/** A claim still unsettled after this long was left by a crashed request and may be taken over. */
const CLAIM_STALE_MS = 15_000;

/**
 * POST customer. Staff (store members who are not limited) create a customer with whatever fields they
 * give. Everyone else (the public booking page, with or without a customer token) may only create or
 * find a customer by (store, phone) and learns nothing but the id.
 */
export class CreateCustomer {
  constructor(
    private readonly repo: CustomerRepository,
    private readonly bus: EventBus,
    private readonly stores: StoreAccess,
    private readonly index: CustomerIndex,
  ) {}

  async byStaff(body: api.CreateCustomerBody): Promise<CustomerDoc> {
    await this.stores.checkFavStaff(body.storeId, body.fav_staffId);
    const now = new Date();
    return this.insert({
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

  /** Create-or-return by phone; never changes an existing customer. Returns the id and whether it is new. */
  async byPublic(body: api.CreateCustomerBody): Promise<{ id: number; created: boolean }> {
    if (!body.phone) throw badRequest('phone', 'phone: is required');
    await this.stores.checkFavStaff(body.storeId, body.fav_staffId);
    const key = `${body.storeId}:${body.phone}`;

    for (let attempt = 0; attempt < 3; attempt++) {
      const found = await this.existing(body.storeId, body.phone, key);
      if (found) return { id: found, created: false };
      if (await this.repo.tryClaim(key)) {
        const now = new Date();
        const c = await this.insert({
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
        await this.repo.settleClaim(key, c._id);
        return { id: c._id, created: true };
      }
      // Someone else is creating this phone's customer right now: wait for their id.
      const settled = await this.waitForClaim(key);
      if (settled) return { id: settled, created: false };
    }
    throw conflict('Please try again');
  }

  private async insert(doc: NewCustomer): Promise<CustomerDoc> {
    const c = await this.repo.create(doc, (id) => customerCreated(this.bus, { ...doc, _id: id }));
    this.index.put(c);
    return c;
  }

  /** The customer already known for this phone: the claim's, else the oldest with that phone. */
  private async existing(storeId: number, phone: string, key: string): Promise<number | undefined> {
    const claim = await this.repo.findClaim(key);
    if (claim?.customerId) {
      if (await this.repo.findInStore(storeId, claim.customerId)) return claim.customerId;
      await this.repo.dropClaim(key, claim.customerId); // deleted or merged away since
    } else if (claim && Date.now() - new Date(claim.at).getTime() > CLAIM_STALE_MS) {
      await this.repo.dropClaim(key, null);
    }
    const [first] = await this.repo.findByPhone(storeId, phone);
    if (first) await this.repo.pointClaim(key, first._id);
    return first?._id;
  }

  private async waitForClaim(key: string): Promise<number | undefined> {
    const until = Date.now() + CLAIM_WAIT_MS;
    while (Date.now() < until) {
      const claim = await this.repo.findClaim(key);
      if (!claim) return undefined;
      if (claim.customerId) return claim.customerId;
      await new Promise((r) => setTimeout(r, 50));
    }
    return undefined;
  }
}
