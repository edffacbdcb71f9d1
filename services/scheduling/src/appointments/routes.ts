import type { Handlers } from '@turnbook/service-kit';
import { dayOfStore, type DayOfStoreDeps } from './day-of-store';

export function dayRoutes(deps: DayOfStoreDeps): Handlers {
  return {
    'GET getAppointmentsByStoreIdAndDate/{storeId}/{date}': ({ params, access, caller }) =>
      dayOfStore(deps, { storeId: params.storeId, date: params.date, access: access!, callerUserId: caller?.userId }),
  };
}
