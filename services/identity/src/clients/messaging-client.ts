import type { SendTextBody } from '@turnbook/contracts';
import { internalApi } from '@turnbook/service-kit';

/** messaging's internal call identity makes: text a phone code now (never through an event). */
export function messagingClient(baseUrl: string, token: string) {
  const call = internalApi(baseUrl, token);
  return {
    sendText: (text: SendTextBody) => call('POST internal/texts', { body: text }),
  };
}
export type MessagingClient = ReturnType<typeof messagingClient>;
