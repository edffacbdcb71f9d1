import type { Consumers } from '@turnbook/service-kit';
import { publishIfChanged, type PackagesDeps } from './packages/packages';
import type { CheckoutsRepository } from './read-models/payments';
import type { AppointmentCardsRepository } from './cards-on-file/appointment-facts';

/**
 * Billing's read models of other services' events: store names and zones, real staff per store (a store
 * crossing 3 staff gains or loses the free plan, and others are told), and checked-out appointments
 * (the demo terminal's payments).
 */
export function billingConsumers(deps: PackagesDeps & { checkouts: CheckoutsRepository; appointmentCards: AppointmentCardsRepository }): Consumers {
  return {
    'billing-stores': async (env) => {
      await deps.stores.apply(env);
      await publishIfChanged(deps, env.data.storeId);
    },
    'billing-staff': async (env) => {
      if (await deps.staff.apply(env)) await publishIfChanged(deps, env.data.storeId);
    },
    // Checked-out appointments (the demo terminal), and those holding a card on file (the no-show fee).
    'billing-appointment-created': async (env) => {
      await deps.checkouts.apply(env);
      await deps.appointmentCards.apply(env);
    },
    'billing-appointment-updated': async (env) => {
      await deps.checkouts.apply(env);
      await deps.appointmentCards.apply(env);
    },
    'billing-appointment-deleted': async (env) => {
      await deps.checkouts.apply(env, true);
      await deps.appointmentCards.apply(env, true);
    },
  };
}
