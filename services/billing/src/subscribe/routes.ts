import type { Handlers } from '@turnbook/service-kit';
import { subscribe, type SubscribeDeps } from './subscribe';

export function subscribeRoutes(deps: SubscribeDeps): Handlers {
  return {
    'POST subscribe/{storeId}': ({ params, body }) => subscribe(deps, params.storeId, body),
  };
}
