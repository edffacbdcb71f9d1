import type { Handlers } from '@turnbook/service-kit';
import { queueOf, type QueueDeps } from './queue';

/** The kiosk's view of the line: counts and waits, no names. */
export function queueRoutes(deps: QueueDeps): Handlers {
  return {
    'GET getQueueByStoreIdAndDate/{storeId}/{date}': ({ params }) => queueOf(deps, params.storeId, params.date),
  };
}
