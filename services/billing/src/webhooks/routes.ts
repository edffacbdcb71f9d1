import type { Handlers } from '@turnbook/service-kit';
import type { PaymentGateway } from '../stripe/gateway';
import { handleStripeEvent, verifyStripeSignature, type WebhookDeps } from './stripe-webhook';

export function webhookRoutes(deps: WebhookDeps & { gateway: PaymentGateway }): Handlers {
  return {
    'POST webhooks/stripe': { before: [verifyStripeSignature(deps.gateway)], handle: ({ body }) => handleStripeEvent(deps, body) },
  };
}
