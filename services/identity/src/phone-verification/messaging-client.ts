import { INTERNAL_ROUTES, type SendTextBody, type SendTextResponse } from '@turnbook/contracts';
import { internalClient } from '@turnbook/service-kit';

/** messaging's internal call identity makes: text a phone code now (never through an event). */
export function messagingClient(baseUrl: string, token: string) {
  const call = internalClient(baseUrl, token);
  return {
    sendText: (text: SendTextBody) => call<SendTextResponse>(INTERNAL_ROUTES.sendText.method, INTERNAL_ROUTES.sendText.path, text),
  };
}
export type MessagingClient = ReturnType<typeof messagingClient>;
