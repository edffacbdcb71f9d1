import type { Consumers } from '@turnbook/service-kit';
import { publishIfChanged, type PackagesDeps } from './packages/packages';
import type { CheckoutsRepository } from './read-models/payments';

/**
 * Billing's read models of other services' events: store names and zones, real staff per store (a store
 * crossing 3 staff gains or loses the free plan, and others are told), and checked-out appointments
 * (the demo terminal's payments).
 */
export function billingConsumers(deps: PackagesDeps & { checkouts: CheckoutsRepository }): Consumers {
  return {
    'billing-stores': async (env) => {
      await deps.stores.apply(env);
      await publishIfChanged(deps, env.data.storeId);
    },
    'billing-staff': async (env) => {
      if (await deps.staff.apply(env)) await publishIfChanged(deps, env.data.storeId);
    },
    'billing-appointment-created': (env) => deps.checkouts.apply(env),
    'billing-appointment-updated': (env) => deps.checkouts.apply(env),
    'billing-appointment-deleted': (env) => deps.checkouts.apply(env, true),
  };
}
