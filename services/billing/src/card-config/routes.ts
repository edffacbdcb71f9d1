import type { Handlers } from '@turnbook/service-kit';

/** Stripe's publishable key for the card field, null for the test card (publishable-key.ts). */
export function cardConfigRoutes(deps: { publishableKey: string | null }): Handlers {
  return {
    'GET billing/config': async () => ({ stripePublishableKey: deps.publishableKey }),
  };
}
