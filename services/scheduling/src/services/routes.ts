import type { Handlers } from '@turnbook/service-kit';
import { customerServicesOfStore, publicServicesOfStore, servicesOfStore, type ListServicesDeps } from './list-services';
import { createService, deleteService, setServiceSortIndex, updateService, type ManageServicesDeps } from './manage-services';
import { serviceView } from './view';

export type ServiceRoutesDeps = ManageServicesDeps & ListServicesDeps;

export function serviceRoutes(deps: ServiceRoutesDeps): Handlers {
  return {
    'GET service/{id}': async ({ record }) => ({ service: serviceView(record) }),
    'POST service': ({ body }) => createService(deps, body),
    'PATCH service/{id}': ({ record, body }) => updateService(deps, record, body),
    'DELETE service/{id}': ({ record }) => deleteService(deps, record),
    'POST updateServiceSortIndex/{id}': ({ record, body }) => setServiceSortIndex(deps, record, body.sortIndex),
    'GET getServicesByStoreId/{storeId}': ({ params }) => servicesOfStore(deps, params.storeId),
    'GET getExternalServicesByStoreId/{storeId}': ({ params }) => customerServicesOfStore(deps, params.storeId),
    'GET public_getExternalServicesByStoreId/{storeId}': ({ params }) => publicServicesOfStore(deps, params.storeId),
  };
}
