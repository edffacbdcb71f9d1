import { digitsOnly } from '@turnbook/domain';
import type { Caller, Handlers } from '@turnbook/service-kit';
import type { CustomerCopyRepository } from '../customer-appointments/customer-copies';
import { availabilityDays } from './availability-days';
import { findAvailability, type FindAvailabilityDeps } from './find-availability';

export interface AvailabilityRouteDeps extends FindAvailabilityDeps {
  customerCopies: Pick<CustomerCopyRepository, 'favouriteOf'>;
}

/**
 * The customer's favourite counts (ruling 5) only for that customer: a signed-in caller whose verified phone
 * is the customer's. Anyone else naming a customer id gets the answer without it, so it tells nothing of
 * whom a customer favours.
 */
async function favouriteFor(deps: AvailabilityRouteDeps, storeId: number, customerId: number | undefined, caller: Caller | undefined) {
  if (!customerId || !caller?.phone) return null;
  const fav = await deps.customerCopies.favouriteOf(storeId, customerId);
  return fav && digitsOnly(fav.phone) === digitsOnly(caller.phone) ? fav : null;
}

export function availabilityRoutes(deps: AvailabilityRouteDeps): Handlers {
  return {
    'GET availability/{storeId}/{date}': async ({ params, query, receivedAt, caller }) =>
      findAvailability(deps, params.storeId, params.date, query, 'online', receivedAt, await favouriteFor(deps, params.storeId, query.customerId, caller)),
    'GET availabilityDays/{storeId}/{date}': async ({ params, query, receivedAt, caller }) =>
      availabilityDays(deps, params.storeId, params.date, query, receivedAt, await favouriteFor(deps, params.storeId, query.customerId, caller)),
    'GET staffAvailability/{storeId}/{date}': ({ params, query, receivedAt }) => findAvailability(deps, params.storeId, params.date, query, 'staff', receivedAt),
  };
}
