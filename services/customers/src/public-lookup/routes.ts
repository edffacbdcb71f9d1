import type { Handlers } from '@turnbook/service-kit';
import { findCustomersByPhone, type FindCustomersDeps } from './find-customers-by-phone';

export function publicLookupRoutes(deps: FindCustomersDeps): Handlers {
  return {
    'GET public_getCustomerIdByStoreIdAndPhone/{storeId}/{phone}': async ({ params, ip, caller }) => ({
      customers: await findCustomersByPhone(deps, { storeId: params.storeId, phone: params.phone, ip, caller }),
    }),
  };
}
