import { z } from 'zod';
import * as m from '../schemas/messaging';
import { StoreIdParams } from '../schemas/scheduling';
import type { RouteSchemas } from './types';

/** Request and response schemas of the texting routes, keyed like the route table. */
export const MESSAGING_API = {
  'POST sendSMS': { body: m.SendSmsBody, response: m.SendSmsResponse, status: 201 },
  'POST sendSMSReminderBulk': { body: m.BulkReminderBody, response: m.BulkReminderResponse },
  'GET getAllMessagesByStorePhoneNumber': { query: m.InboxQuery, response: m.InboxResponse },
  'GET smsSettings/{storeId}': { params: StoreIdParams, response: m.SmsSettingsResponse },
  'PUT smsSettings/{storeId}': { params: StoreIdParams, body: m.SmsSettingsBody, response: m.SmsSettingsResponse },
  'GET getTextsByAppointmentId/{appointmentId}': { params: m.AppointmentTextsParams, query: m.InboxQuery, response: m.AppointmentTextsResponse },
  /** Twilio only needs a 2xx: nothing to reply with. */
  'POST webhooks/twilio': { body: m.TwilioWebhookBody, response: z.undefined(), status: 204 },
} as const satisfies Record<string, RouteSchemas>;
