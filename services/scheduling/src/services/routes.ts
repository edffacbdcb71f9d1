import { IdParams, ServiceCreateBody, ServicePatchBody, SortIndexBody, StoreIdParams } from '@turnbook/contracts/schemas/scheduling';
import { handler, type ServiceParts } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import {
  createService,
  customerServicesOfStore,
  deleteService,
  getService,
  publicServicesOfStore,
  servicesOfStore,
  setServiceSortIndex,
  updateService,
} from './catalogue';

export function serviceRoutes(deps: Deps): ServiceParts['handlers'] {
  return {
    'GET service/{id}': handler({ params: IdParams, handle: (ctx) => getService(deps, ctx, ctx.params.id) }),
    'POST service': handler({
      body: ServiceCreateBody,
      handle: async (ctx) => {
        ctx.status(201);
        return createService(deps, ctx.body);
      },
    }),
    'PATCH service/{id}': handler({
      params: IdParams,
      body: ServicePatchBody,
      handle: (ctx) => updateService(deps, ctx, ctx.params.id, ctx.body),
    }),
    'DELETE service/{id}': handler({ params: IdParams, handle: (ctx) => deleteService(deps, ctx, ctx.params.id) }),
    'POST updateServiceSortIndex/{id}': handler({
      params: IdParams,
      body: SortIndexBody,
      handle: (ctx) => setServiceSortIndex(deps, ctx, ctx.params.id, ctx.body.sortIndex),
    }),
    'GET getServicesByStoreId/{storeId}': handler({ params: StoreIdParams, handle: (ctx) => servicesOfStore(deps, ctx.params.storeId) }),
    'GET getExternalServicesByStoreId/{storeId}': handler({
      params: StoreIdParams,
      handle: (ctx) => customerServicesOfStore(deps, ctx.params.storeId),
    }),
    'GET public_getExternalServicesByStoreId/{storeId}': handler({
      params: StoreIdParams,
      handle: (ctx) => publicServicesOfStore(deps, ctx.params.storeId),
    }),
  };
}
