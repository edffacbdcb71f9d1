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

/** Every kind of text messaging sends: the Text Center's, plus "you're up next" for a walk-in at the front of the line. */
export const MESSAGE_KINDS = [...SMS_KINDS, 'upnext'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** What a sent text appends to its appointment's note, once per kind (docs/product/texts.md). */
export const NOTE_SUFFIXES: Record<SmsKind, string> = {
  reminder: 'sent reminder',
  confirm: 'send confirmation',
  approve: 'send confirmation',
  reschedule: 'rescheduled',
  review: 'sent review',
  custom: 'sent custom message',
  cancel: 'canceled',
};

/** The note with the kind's suffix appended, or the note unchanged when it already ends a part with it. */
export function noteWithSuffix(note: string, kind: SmsKind): string {
  const suffix = NOTE_SUFFIXES[kind];
  const current = (note ?? '').trim();
  if (current.split(' - ').some((part) => part.trim() === suffix)) return current;
  return current ? `${current} - ${suffix}` : suffix;
}

/**
 * POST sendSMS. A custom text's body is the caller's; the fixed kinds are written by the server from the
 * appointment (its store's name and phone, its local date and time), so they need appointmentId and
 * ignore any body sent.
 */
export const SendSmsBody = z
  .object({
    storeId: Id,
    recipient: Recipient,
    body: z.string().trim().max(1600).optional(),
    /** which of the Text Center's texts; 'custom' when the client does not say */
    kind: z.enum(SMS_KINDS, { error: `must be one of ${SMS_KINDS.join(', ')}` }).optional().default('custom'),
    /** the appointment the text is about (its note gets the suffix) */
    appointmentId: Id.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'custom' && !b.body) ctx.addIssue({ code: 'custom', path: ['body'], message: 'is required' });
    if (b.kind !== 'custom' && b.appointmentId === undefined) ctx.addIssue({ code: 'custom', path: ['appointmentId'], message: `is required for a ${b.kind} text` });
  });
export type SendSmsBody = z.infer<typeof SendSmsBody>;

export const SmsMessageView = z.object({
  id: z.string(),
  storeId: z.number(),
  recipient: z.string(),
  body: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  appointmentId: z.number().nullable(),
  /** 'queued', 'sent', 'delivered', 'failed', 'undelivered' (the provider's delivery reports update it) */
  status: z.string(),
  created_at: z.string(),
});
export type SmsMessageView = z.infer<typeof SmsMessageView>;
export const SendSmsResponse = z.object({ message: SmsMessageView });

/** GET getTextsByAppointmentId/{appointmentId}?storeId=: the store's texts about one of its appointments, newest first. */
export const AppointmentTextsParams = z.object({ appointmentId: Id });
export const AppointmentTextsResponse = z.object({ messages: z.array(SmsMessageView) });

/**
 * POST sendSMSReminderBulk: the calendar's events (appointments) of a day to remind. Each is an
 * appointment id or an event with one ({id}); at most one reminder per appointment ever goes out this way.
 */
export const BulkReminderBody = z.object({
  storeId: Id,
  events: z
    .array(z.union([Id, z.object({ id: Id })]), { error: 'must be a list of appointments' })
    .min(1, 'must name at least one appointment')
    .max(500)
    .transform((es) => [...new Set(es.map((e) => (typeof e === 'number' ? e : e.id)))]),
});
export const BULK_SKIP_REASONS = ['already reminded', 'no phone', 'opted out', 'cancelled', 'past'] as const;
export const BulkReminderResult = z.object({
  appointmentId: z.number(),
  /** sent: queued for sending now; skipped: nothing sent (reason); failed: not found in this store or not queued */
  outcome: z.enum(['sent', 'skipped', 'failed']),
  reason: z.string().nullable(),
});
export type BulkReminderResult = z.infer<typeof BulkReminderResult>;
export const BulkReminderResponse = z.object({
  /** appointment ids a reminder was queued for */
  sent: z.array(z.number()),
  /** already reminded, cancelled, past, opted out or without a phone: nothing sent */
  skipped: z.array(z.number()),
  /** unknown in this store, or could not be queued (pressing again retries only these) */
  failed: z.array(z.number()),
  results: z.array(BulkReminderResult),
});
export type BulkReminderResponse = z.infer<typeof BulkReminderResponse>;

/** A store's texting settings (GET/PUT smsSettings/{storeId}). */
export const SmsSettings = z.object({
  /** the store's own sending number (E.164, e.g. +12155550123); null: the platform's number */
  senderNumber: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s().-]/g, ''))
    .transform((v) => (/^\d{10}$/.test(v) ? `+1${v}` : v))
    .refine((v) => /^\+\d{8,15}$/.test(v), 'must be a phone number with its country code, like +12155550123')
    .nullable(),
  /** text a walk-in who gave a phone once when they reach the front of the line */
  upNextText: z.boolean(),
  /** the hour (0-23, store's time zone) reminders go out the day before; null: off */
  reminderHour: z.number({ error: 'must be an hour from 0 to 23' }).int().min(0).max(23).nullable(),
  /** email the store's business address about each online request waiting for it (new, changed, cancel asked) */
  requestEmails: z.boolean(),
});
export type SmsSettings = z.infer<typeof SmsSettings>;
export const SmsSettingsBody = SmsSettings.partial();
export const SmsSettingsResponse = z.object({ settings: SmsSettings });

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
