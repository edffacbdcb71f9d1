import { customers as api, type RouteKey } from '@turnbook/contracts';
import { handler, type RouteHandler } from '@turnbook/service-kit';
import type { Features } from '../features';

export function publicLookupRoutes(f: Features): Partial<Record<RouteKey, RouteHandler<any, any, any>>> {
  return {
    'GET public_getCustomerIdByStoreIdAndPhone/{storeId}/{phone}': handler({
      params: api.PublicCustomerLookupParams,
      handle: async ({ params }) => ({ customers: await f.lookup.byPhone(params.storeId, params.phone) }),
    }),
  };
}
