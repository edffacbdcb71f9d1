import type { Handlers } from '@turnbook/service-kit';
import { presentCustomers, type PresentDeps } from '../customers/present-customers';
import { listCustomers, searchById, searchByKey, searchByNameAndPhone, type SearchDeps } from './search-customers';

export function searchRoutes(deps: SearchDeps & PresentDeps): Handlers {
  return {
    'GET getCustomersByStoreId/{storeId}': async ({ params }) => ({
      customers: await presentCustomers(deps, params.storeId, await listCustomers(deps, params.storeId)),
    }),
    'GET searchCustomer/{storeId}/{key}': async ({ params, query }) => {
      const { found, more } = await searchByKey(deps, params.storeId, params.key, query.page);
      return { customers: await presentCustomers(deps, params.storeId, found), more };
    },
    'GET searchCustomerByNameAndPhone/{storeId}/{fname}/{lname}/{phone}': async ({ params, query }) => {
      const { found, more } = await searchByNameAndPhone(deps, params.storeId, params, query.page);
      return { customers: await presentCustomers(deps, params.storeId, found), more };
    },
    'GET searchCustomerById/{storeId}/{id}': async ({ params }) => ({
      customers: await presentCustomers(deps, params.storeId, await searchById(deps, params.storeId, params.id)),
    }),
  };
}
