import type { Handlers } from '@turnbook/service-kit';
import { findAvailability, type FindAvailabilityDeps } from './find-availability';

export function availabilityRoutes(deps: FindAvailabilityDeps): Handlers {
  return {
    'GET availability/{storeId}/{date}': ({ params, query, receivedAt }) => findAvailability(deps, params.storeId, params.date, query, 'online', receivedAt),
    'GET staffAvailability/{storeId}/{date}': ({ params, query, receivedAt }) => findAvailability(deps, params.storeId, params.date, query, 'staff', receivedAt),
  };
}
