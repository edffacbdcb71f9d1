import { CUSTOMERS_MESSAGES, customers as api } from '@turnbook/contracts';
import { notFound, type EventBus } from '@turnbook/service-kit';
import { customerUpdated } from './customer-events';
import { checkFavStaff, type FavStaffDeps } from './fav-staff';
import type { CustomerChanges, CustomerDoc, CustomerRepository } from './repository';

const EDITABLE = ['fname', 'lname', 'email', 'phone', 'status', 'fav_staffId', 'book_with_fav_staff', 'color'] as const;

/** PATCH customer/{id}: the given fields; `customer.updated` goes out with the write (scheduling refreshes its copies). */
export async function editCustomer(
  deps: { customers: CustomerRepository; bus: EventBus } & Pick<FavStaffDeps, 'staffNames'>,
  input: { customer: CustomerDoc; body: api.UpdateCustomerBody },
): Promise<CustomerDoc> {
  const { customer, body } = input;
  if (body.fav_staffId !== undefined) await checkFavStaff(deps, customer.storeId, body.fav_staffId);
  const changes: CustomerChanges = { updated_at: new Date() };
  for (const k of EDITABLE) if (body[k] !== undefined) (changes as Record<string, unknown>)[k] = body[k];
  const after = await deps.customers.update(customer._id, changes, (c) => customerUpdated(deps.bus, c));
  if (!after) throw notFound(CUSTOMERS_MESSAGES.customerNotFound);
  return after;
}
