import type { Handlers } from '@turnbook/service-kit';
import { findCustomersByPhone } from './find-customers-by-phone';

export function publicLookupRoutes(deps: Parameters<typeof findCustomersByPhone>[0]): Handlers {
  return {
    'GET public_getCustomerIdByStoreIdAndPhone/{storeId}/{phone}': async ({ params }) => ({
      customers: await findCustomersByPhone(deps, params.storeId, params.phone),
    }),
  };
}
