import { badRequest, notFound, type EventBus, type Logger } from '@turnbook/service-kit';
import { customerMerged, customerUpdated } from '../customers/customer-events';
import type { CustomerChanges, CustomerDoc, CustomerRepository } from '../customers/repository';
import type { CustomerIndex } from '../search/customer-index';

/**
 * Merge (doc 002 §4): `source` is the customer to Keep, `dest` the one to Delete. Empty fields of the
 * kept customer are filled from the removed one; then the removed one is marked merged in the same write
 * as the `customer.merged` event (scheduling moves its appointments on that event), and deleted once the
 * event is out. A crash at any point leaves a state a retry or the purge completes; nothing is lost.
 */
export class MergeCustomers {
  constructor(
    private readonly repo: CustomerRepository,
    private readonly bus: EventBus,
    private readonly index: CustomerIndex,
    private readonly log: Logger,
  ) {}

  async merge(keptId: number, removedId: number, authorize: (storeId: number) => Promise<void>): Promise<void> {
    const kept = await this.repo.findById(keptId);
    if (!kept) throw notFound('Customer not found');
    await authorize(kept.storeId);
    const removed = await this.repo.findById(removedId);
    if (!removed) throw notFound('Customer not found');
    await authorize(removed.storeId);
    if (removed.storeId !== kept.storeId) throw badRequest('dest', 'dest: must be a customer of the same store');

    // Kept first: if we stop after this, the removed customer is still there and the merge can be redone.
    const filled = await this.repo.update(keptId, fillEmpty(kept, removed), (c) => customerUpdated(this.bus, c));
    if (!filled) throw notFound('Customer not found');
    this.index.put(filled);

    const marked = await this.repo.markMerged(removedId, keptId, customerMerged(this.bus, kept.storeId, keptId, removedId));
    if (!marked) throw notFound('Customer not found');
    this.index.remove(kept.storeId, removedId);
    await this.purge();
  }

  /** Deletes merged customers whose event has been published; the rest wait for the outbox sweeper. */
  async purge(): Promise<void> {
    try {
      await this.repo.purgeMerged();
    } catch (err) {
      this.log.warn({ err: String(err) }, 'purging merged customers failed; will retry');
    }
  }
}

/** The kept customer's empty fields, taken from the removed one. */
export function fillEmpty(kept: CustomerDoc, removed: CustomerDoc): CustomerChanges {
  const changes: CustomerChanges = { updated_at: new Date() };
  if (!kept.lname && removed.lname) changes.lname = removed.lname;
  if (!kept.email && removed.email) changes.email = removed.email;
  if (!kept.phone && removed.phone) changes.phone = removed.phone;
  if (!kept.status && removed.status) changes.status = removed.status;
  if (!kept.color && removed.color) changes.color = removed.color;
  if (!kept.fav_staffId && removed.fav_staffId) {
    changes.fav_staffId = removed.fav_staffId;
    changes.book_with_fav_staff = removed.book_with_fav_staff;
  }
  if ((removed.visited ?? 0) > (kept.visited ?? 0)) changes.visited = removed.visited;
  return changes;
}
