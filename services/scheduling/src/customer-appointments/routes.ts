import { StoreCustomerParams } from '@turnbook/contracts/schemas/scheduling';
import { handler, type ServiceParts } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import { customerAppointments } from './customer-appointments';

export function customerAppointmentRoutes(deps: Deps): ServiceParts['handlers'] {
  return {
    'GET getAppointmentsByStoreIdAndCustomerId/{storeId}/{customerId}': handler({
      params: StoreCustomerParams,
      handle: (ctx) => customerAppointments(deps, ctx, ctx.params.storeId, ctx.params.customerId),
    }),
  };
}
