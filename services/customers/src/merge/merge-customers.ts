import { CUSTOMERS_MESSAGES } from '@turnbook/contracts';
import { badRequest, notFound, type EventBus } from '@turnbook/service-kit';
import { customerMerged, customerUpdated } from '../customers/customer-events';
import type { CustomerChanges, CustomerDoc, CustomerRepository } from '../customers/repository';

export type MergeDeps = { customers: CustomerRepository; bus: EventBus };

/**
 * mergeCustomers: `source` is the customer to keep, `dest` the one to remove. Empty fields of the kept
 * customer are filled from the removed one; then the removed one is marked merged in the same write as
 * the `customer.merged` event (scheduling moves its appointments on that event), and deleted once the
 * event is out. A crash at any point leaves a state a retry or the purge completes; nothing is lost.
 */
export async function mergeCustomers(deps: MergeDeps, input: { kept: CustomerDoc; removed: CustomerDoc }): Promise<void> {
  const { kept, removed } = input;
  if (removed.storeId !== kept.storeId) throw badRequest('dest', 'dest: must be a customer of the same store');

  // Kept first: if we stop after this, the removed customer is still there and the merge can be redone.
  const filled = await deps.customers.update(kept._id, fillEmpty(kept, removed), (c) => customerUpdated(deps.bus, c));
  if (!filled) throw notFound(CUSTOMERS_MESSAGES.customerNotFound);

  const marked = await deps.customers.markMerged(removed, kept._id, customerMerged(deps.bus, kept.storeId, kept._id, removed._id));
  if (!marked) throw notFound(CUSTOMERS_MESSAGES.customerNotFound);
  await deps.customers.purgeMerged();
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
