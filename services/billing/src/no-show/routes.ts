import type { Handlers } from '@turnbook/service-kit';
import { chargeNoShowFee, noShowChargeOf, type NoShowDeps } from './charge-no-show-fee';

export function noShowRoutes(deps: NoShowDeps): Handlers {
  return {
    'POST chargeNoShowFee/{appointmentId}': ({ record, body, caller }) => chargeNoShowFee(deps, record, body, caller?.userId ?? 0),
    'GET getNoShowFee/{appointmentId}': ({ params, query }) => noShowChargeOf(deps, params.appointmentId, query.storeId),
  };
}
