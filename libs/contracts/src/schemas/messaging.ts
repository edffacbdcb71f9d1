import { z } from 'zod';
import { digitsOnly } from '@turnbook/domain';
import { Id } from './common';

/** Texts to customers (docs/product/calls.md): the Text Center, the bulk reminder and the SMS inbox. */

/**
 * The Text Center's texts; each appends its suffix to the appointment's note once sent ('sent reminder',
 * 'send confirmation', 'rescheduled', 'sent review', 'sent custom message', 'canceled').
 */
export const SMS_KINDS = ['confirm', 'reminder', 'reschedule', 'review', 'custom', 'cancel', 'approve'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/** The spec's recipient: country code 1 plus the 10-digit phone ('12155550123'); '+1', spaces and 10 digits alone are taken. */
export const Recipient = z
  .string()
  .max(25)
  .transform((v) => digitsOnly(v))
  .transform((d) => (d.length === 10 ? `1${d}` : d))
  .refine((d) => /^1\d{10}$/.test(d), 'must be 1 followed by a 10-digit phone');

/** POST sendSMS. */
export const SendSmsBody = z.object({
  storeId: Id,
  recipient: Recipient,
  body: z.string().trim().min(1, 'is required').max(1600).prefault(''),
  /** which of the Text Center's texts; 'custom' when the client does not say */
  kind: z.enum(SMS_KINDS, { error: `must be one of ${SMS_KINDS.join(', ')}` }).optional().default('custom'),
  /** the appointment the text is about (its note gets the suffix) */
  appointmentId: Id.optional(),
});
export type SendSmsBody = z.infer<typeof SendSmsBody>;

export const SmsMessageView = z.object({
  id: z.number(),
  storeId: z.number(),
  recipient: z.string(),
  body: z.string(),
  kind: z.enum(SMS_KINDS),
  appointmentId: z.number().nullable(),
  /** 'queued', 'sent', 'delivered', 'failed' (the provider's delivery reports update it) */
  status: z.string(),
  created_at: z.string(),
});
export type SmsMessageView = z.infer<typeof SmsMessageView>;
export const SendSmsResponse = z.object({ message: SmsMessageView });

/**
 * POST sendSMSReminderBulk: the calendar's events (appointments) to remind. Each is an appointment id or
 * an event with one ({id}); at most one reminder per appointment ever goes out this way.
 */
export const BulkReminderBody = z.object({
  storeId: Id,
  events: z
    .array(z.union([Id, z.object({ id: Id })]), { error: 'must be a list of appointments' })
    .min(1, 'must name at least one appointment')
    .max(500)
    .transform((es) => [...new Set(es.map((e) => (typeof e === 'number' ? e : e.id)))]),
});
export const BulkReminderResponse = z.object({
  /** appointment ids a reminder was sent for */
  sent: z.array(z.number()),
  /** already reminded, cancelled, past or without a phone: nothing sent */
  skipped: z.array(z.number()),
});

export const InboxQuery = z.object({ storeId: Id });
/** One text a customer sent to the store's number. */
export const InboxItem = z.object({
  id: z.string(),
  /** the customer with this phone in the store, null when none */
  customerId: z.number().nullable(),
  /** that customer's name, null when none */
  customer: z.string().nullable(),
  /** the sender's phone, '1' plus 10 digits */
  originator: z.string(),
  body: z.string(),
  /** ISO time it arrived */
  createdDatetime: z.string(),
});
export const InboxResponse = z.object({
  /** the store's texting number and what arrived on it, newest first */
  response: z.object({ originator: z.string(), items: z.array(InboxItem) }),
  /** the store's customers who sent those texts */
  customers: z.array(z.object({ id: z.number(), fname: z.string(), lname: z.string(), phone: z.string().nullable() })),
});

/** Twilio's webhook (inbound texts and delivery reports): form fields, all kept for the signature check. */
export const TwilioWebhookBody = z.looseObject({
  MessageSid: z.string().min(1, 'is required').max(64),
  AccountSid: z.string().max(64).optional(),
  From: z.string().max(32).optional(),
  To: z.string().max(32).optional(),
  Body: z.string().max(1600).optional(),
  MessageStatus: z.string().max(32).optional(),
  ErrorCode: z.string().max(16).optional(),
});
