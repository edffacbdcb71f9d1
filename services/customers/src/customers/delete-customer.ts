import type { EventBus } from '@turnbook/service-kit';
import { customerDeleted } from './customer-events';
import type { CustomerDoc, CustomerRepository } from './repository';

/** DELETE customer/{id}: gone, with `customer.deleted` (the intent is stored first, so neither is lost). */
export async function deleteCustomer(deps: { customers: CustomerRepository; bus: EventBus }, customer: CustomerDoc): Promise<void> {
  await deps.customers.delete(customer, customerDeleted(deps.bus, customer));
}
