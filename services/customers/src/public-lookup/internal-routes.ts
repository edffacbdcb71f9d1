import type { Handlers } from '@turnbook/service-kit';
import type { CustomerRepository } from '../customers/repository';

/**
 * The service-to-service lookup customers serves: customers by ids with their store and phone only, for
 * scheduling to check that a guest's online request is for a customer with the phone of the guest's account.
 */
export function internalLookupRoutes(deps: { customers: Pick<CustomerRepository, 'findById'> }): Handlers {
  return {
    'POST internal/customers/by-ids': async ({ body }) => {
      const found = await Promise.all([...new Set(body.ids)].map((id) => deps.customers.findById(id)));
      return { customers: found.filter((c) => c !== null).map((c) => ({ id: c._id, storeId: c.storeId, phone: c.phone ?? null })) };
    },
  };
}
