import type { customers as api } from '@turnbook/contracts';
import { notFound, type EventBus } from '@turnbook/service-kit';
import type { CustomerIndex } from '../search/customer-index';
import { customerDeleted, customerUpdated } from './customer-events';
import type { CustomerChanges, CustomerDoc, CustomerRepository } from './repository';
import type { StoreAccess } from './store-access';

/** Checks that the caller may act on a customer's store; the route says which rule. */
export type Authorize = (storeId: number) => Promise<void>;

/** Reading, editing and deleting one customer. Another store's customer is 403/404, never data. */
export class ManageCustomer {
  constructor(
    private readonly repo: CustomerRepository,
    private readonly bus: EventBus,
    private readonly stores: StoreAccess,
    private readonly index: CustomerIndex,
  ) {}

  /** Reads come from the search index when the store is in memory (a by-id query scans on FerretDB). */
  async get(id: number, authorize: Authorize): Promise<CustomerDoc> {
    const cached = this.index.peek(id);
    if (!cached) return this.load(id, authorize);
    await authorize(cached.storeId);
    return cached;
  }

  /** Publishes `customer.updated` with the same write (scheduling refreshes its appointment copies). */
  async update(id: number, body: api.UpdateCustomerBody, authorize: Authorize): Promise<CustomerDoc> {
    const current = await this.load(id, authorize);
    if (body.fav_staffId !== undefined) await this.stores.checkFavStaff(current.storeId, body.fav_staffId);
    const changes: CustomerChanges = { updated_at: new Date() };
    for (const k of ['fname', 'lname', 'email', 'phone', 'status', 'fav_staffId', 'book_with_fav_staff', 'color'] as const) {
      if (body[k] !== undefined) (changes as Record<string, unknown>)[k] = body[k];
    }
    const after = await this.repo.update(id, changes, (c) => customerUpdated(this.bus, c));
    if (!after) throw notFound('Customer not found');
    this.index.put(after);
    return after;
  }

  async delete(id: number, authorize: Authorize): Promise<void> {
    const current = await this.load(id, authorize);
    await this.repo.delete(id, customerDeleted(this.bus, current));
    this.index.remove(current.storeId, id);
  }

  private async load(id: number, authorize: Authorize): Promise<CustomerDoc> {
    const c = await this.repo.findById(id);
    if (!c) throw notFound('Customer not found');
    await authorize(c.storeId);
    return c;
  }
}
