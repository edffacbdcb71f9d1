import type { Handlers } from '@turnbook/service-kit';
import { handleTwilioWebhook, verifyTwilioSignature, type TwilioWebhookDeps } from './twilio';

export function webhookRoutes(deps: TwilioWebhookDeps & { webhook: { authToken?: string; publicUrl?: string } }): Handlers {
  return {
    'POST webhooks/twilio': {
      before: [verifyTwilioSignature(deps.webhook.authToken, deps.webhook.publicUrl)],
      handle: async ({ body }) => {
        await handleTwilioWebhook(deps, body);
        return undefined;
      },
    },
  };
}
