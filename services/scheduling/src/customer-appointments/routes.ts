import type { Handlers } from '@turnbook/service-kit';
import { customerAppointments, type CustomerAppointmentsDeps } from './customer-appointments';

export function customerAppointmentRoutes(deps: CustomerAppointmentsDeps): Handlers {
  return {
    // A store-scoped route: the router always hands over the caller's access.
    'GET getAppointmentsByStoreIdAndCustomerId/{storeId}/{customerId}': ({ params, access, caller }) =>
      customerAppointments(deps, { access: access!, userId: caller?.userId }, params.storeId, params.customerId),
  };
}
