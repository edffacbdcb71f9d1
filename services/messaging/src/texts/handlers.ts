import type { Handlers, Logger } from '@turnbook/service-kit';
import type { InboxRepository } from '../inbox/repository';
import type { MessagesRepository } from './messages';
import type { TextReadModels } from './read-models';
import { readInbox, type InboxDeps } from '../inbox/inbox';
import { remindAppointments } from '../reminders/remind';
import { handleTwilioWebhook, verifyTwilioSignature } from '../webhooks/twilio';
import { messageView, sendSms } from './send-sms';
import type { SmsSettingsRepository } from './settings';

export interface TextHandlerDeps {
  messages: MessagesRepository;
  views: TextReadModels;
  settings: SmsSettingsRepository;
  inbox: InboxRepository;
  log: Logger;
  senderOf: InboxDeps['senderOf'];
  webhook: { authToken?: string; publicUrl?: string };
}

/** The texting routes of the route table (access is the router's, from libs/contracts). */
export function textHandlers(deps: TextHandlerDeps): Handlers {
  return {
    'POST sendSMS': async ({ body }) => sendSms(deps, { body }),
    'POST sendSMSReminderBulk': async ({ body }) => remindAppointments(deps, body.storeId, body.events),
    'GET getAllMessagesByStorePhoneNumber': async ({ query }) => readInbox(deps, query.storeId),
    'GET smsSettings/{storeId}': async ({ params }) => ({ settings: await deps.settings.of(params.storeId) }),
    'PUT smsSettings/{storeId}': async ({ params, body }) => ({ settings: await deps.settings.update(params.storeId, body) }),
    'GET getTextsByAppointmentId/{appointmentId}': async ({ params, query }) => ({
      messages: (await deps.messages.ofAppointment(query.storeId, params.appointmentId)).map(messageView),
    }),
    'POST webhooks/twilio': {
      before: [verifyTwilioSignature(deps.webhook.authToken, deps.webhook.publicUrl)],
      handle: async ({ body }) => {
        await handleTwilioWebhook(deps, body);
        return undefined;
      },
    },
  };
}
