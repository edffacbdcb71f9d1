import type { Handlers } from '@turnbook/service-kit';
import { findAvailability, type FindAvailabilityDeps } from './find-availability';

export function availabilityRoutes(deps: FindAvailabilityDeps): Handlers {
  return {
    'GET availability/{storeId}/{date}': ({ params, query }) => findAvailability(deps, params.storeId, params.date, query, 'online'),
    'GET staffAvailability/{storeId}/{date}': ({ params, query }) => findAvailability(deps, params.storeId, params.date, query, 'staff'),
  };
}
