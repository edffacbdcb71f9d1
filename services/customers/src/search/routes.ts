import type { Handlers } from '@turnbook/service-kit';
import { presentCustomers, type PresentDeps } from '../customers/present-customers';
import { listCustomers, searchById, searchByKey, searchByNameAndPhone, type SearchDeps } from './search-customers';

export function searchRoutes(deps: SearchDeps & PresentDeps): Handlers {
  return {
    'GET getCustomersByStoreId/{storeId}': async ({ params }) => ({
      customers: await presentCustomers(deps, params.storeId, await listCustomers(deps, params.storeId)),
    }),
    'GET searchCustomer/{storeId}/{key}': async ({ params }) => ({
      customers: await presentCustomers(deps, params.storeId, await searchByKey(deps, params.storeId, params.key)),
    }),
    'GET searchCustomerByNameAndPhone/{storeId}/{fname}/{lname}/{phone}': async ({ params }) => ({
      customers: await presentCustomers(deps, params.storeId, await searchByNameAndPhone(deps, params.storeId, params)),
    }),
    'GET searchCustomerById/{storeId}/{id}': async ({ params }) => ({
      customers: await presentCustomers(deps, params.storeId, await searchById(deps, params.storeId, params.id)),
    }),
  };
}
