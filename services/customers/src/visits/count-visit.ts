import type { EventData } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';
import { customerUpdated } from '../customers/customer-events';
import type { CustomerRepository } from '../customers/repository';
import type { VisitRepository } from './repository';

export interface CountVisitDeps {
  customers: Pick<CustomerRepository, 'findInStore' | 'findByPhone' | 'update'>;
  visits: Pick<VisitRepository, 'claim' | 'done'>;
  bus: EventBus;
}

/**
 * A checked-in sheet counts one visit of its customer (the linked appointment's, else the one with the
 * sheet's phone): once per sheet, however often the event comes. The customer's update event carries the
 * new count to scheduling's copies.
 */
export async function countVisit(deps: CountVisitDeps, e: EventData<'sheet.checked_in'>): Promise<void> {
  const customer =
    e.customerId != null
      ? await deps.customers.findInStore(e.storeId, e.customerId)
      : e.customerPhone
        ? ((await deps.customers.findByPhone(e.storeId, e.customerPhone))[0] ?? null)
        : null;
  if (!customer) return;
  if (!(await deps.visits.claim(e.storeId, e.id, customer._id))) return;
  await deps.customers.update(customer._id, { visited: (customer.visited ?? 0) + 1, updated_at: new Date() }, (after) => customerUpdated(deps.bus, after));
  await deps.visits.done(e.storeId, e.id);
}
