import { z } from 'zod';
import { CARD_POLICIES } from '@turnbook/domain/card-on-file/card-on-file';

/**
 * Events travel on `evt.<domain>.<storeId|global>.<type>` (JetStream stream EVENTS keeps them).
 * Every event has a unique id, used as the JetStream msgID (dedup) and by consumers (idempotence).
 */
export const STREAM_NAME = 'EVENTS';
export const STREAM_SUBJECTS = ['evt.>'];

export const EventEnvelope = z.object({
  id: z.string(),
  subject: z.string(),
  type: z.string(),
  storeId: z.union([z.number(), z.literal('global')]),
  occurredAt: z.string(),
  /** Orders events written in the same millisecond by one process. */
  seq: z.number().optional(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: T };

export function subjectOf(domain: string, storeId: number | 'global', type: string): string {
  return `evt.${domain}.${storeId}.${type}`;
}

/** Payload schemas, keyed by `<domain>.<type>`. */
export const EVENTS = {
  /**
   * Mails with a one-time link: the stream keeps events for days, so the link is not in the event;
   * messaging fetches it by `mailId` from identity (INTERNAL_ROUTES.mailContent).
   */
  'user.registered': z.object({ userId: z.number(), email: z.string(), fname: z.string(), mailId: z.string() }),
  'user.password_reset_requested': z.object({ userId: z.number(), email: z.string(), fname: z.string(), mailId: z.string() }),
  /** An unverified account asked for its activation mail again (the login's 'Not Verified' link): a new link. */
  'user.verification_resent': z.object({ userId: z.number(), email: z.string(), fname: z.string(), mailId: z.string() }),
  /** A signed-in user asked to change their email: `email` is the new address (the link goes there). */
  'user.email_change_requested': z.object({ userId: z.number(), email: z.string(), fname: z.string(), mailId: z.string() }),
  /** Told to the old address: when the change was asked for (`step: 'requested'`) and when it happened. */
  'user.email_change_notice': z.object({ userId: z.number(), oldEmail: z.string(), newEmail: z.string(), fname: z.string(), step: z.enum(['requested', 'changed']) }),
  /**
   * Tokens of a subject (`sub` of the token: "<userId>" or "store:<storeId>") or of one session (`sid`)
   * issued before `at` (ms since epoch) are refused from now on (service-kit verifyToken).
   */
  'user.sessions_revoked': z.object({ sub: z.string().optional(), sid: z.string().optional(), at: z.number() }),
  'user.updated': z.object({
    userId: z.number(), fname: z.string(), lname: z.string(), email: z.string(), phone: z.string(),
    color: z.string(), profile_image: z.string().nullable(), role: z.string(),
  }),
  'settings.version_updated': z.object({ app_version: z.string(), body: z.string() }),
  'settings.store_updated': z.object({ storeId: z.number(), app_version: z.string() }),
  /** The full membership list of a store; consumers replace what they had (idempotent). */
  'store.membership_changed': z.object({
    storeId: z.number(),
    /** When the snapshot was read (ms); a consumer never lets an older snapshot replace a newer one. */
    version: z.number().optional(),
    ownerId: z.number(),
    permalink: z.string(),
    status: z.string(),
    members: z.array(z.object({ userId: z.number(), staffId: z.number(), role: z.string(), archived: z.boolean() })),
    /** Franchise managers the owner granted the store (user ids): an admin's access there. */
    managers: z.array(z.number()).optional(),
  }),
  /** scheduling: a store's details changed (created, edited, removed: status 'OFF'). */
  'store.updated': z.object({
    storeId: z.number(), ownerId: z.number(), name: z.string(), email: z.string(), phone: z.string(),
    permalink: z.string(), status: z.string(), timezone: z.string(), hours: z.record(z.string(), z.string()),
    settings: z.object({ turnsBlock: z.boolean(), cancelAndText: z.boolean(), autoTextOnApprove: z.boolean() }),
  }),
  /** scheduling: a staff member was added or changed (role, archive, names, ...). userId null: no account. */
  /**
   * scheduling: an owner invited someone to be staff; messaging mails the link. No secret in it: accepting
   * needs the invited email's own sign-in.
   */
  'staff.invited': z.object({ invitationId: z.string(), storeId: z.number(), storeName: z.string(), email: z.string(), acceptUrl: z.string() }),
  'staff.updated': z.object({
    storeId: z.number(), staffId: z.number(), userId: z.number().nullable(), fname: z.string(), lname: z.string(),
    nickname: z.string(), role: z.string(), online_booking: z.string(), color: z.string(), archived: z.boolean(),
  }),
  /** scheduling: appointments (days off for now) created, changed, deleted; the calendar refetches. */
  'appointment.created': z.object({
    id: z.number(), storeId: z.number(), staffId: z.number(), customerId: z.number(), date: z.string(),
    start: z.string(), end: z.string(), status: z.string(), dayOff: z.boolean(),
    /** the check-out sale in cents (0 before check-out); absent on older events */
    sale: z.number().optional(),
    /** the booking's 'send confirmation' toggle was on: the texts send the confirmation */
    sendConfirmation: z.literal(true).optional(),
    /** the card on file it holds (billing charges the no-show fee to it) */
    cardOnFile: z.string().optional(),
  }),
  'appointment.updated': z.object({
    id: z.number(), storeId: z.number(), staffId: z.number(), customerId: z.number(), date: z.string(),
    start: z.string(), end: z.string(), status: z.string(), dayOff: z.boolean(),
    /** the day it was on before this change, when it moved to another day (both days changed) */
    previousDate: z.string().optional(),
    /** the check-out sale in cents (0 before check-out); absent on older events */
    sale: z.number().optional(),
    /** the card on file it holds (billing charges the no-show fee to it) */
    cardOnFile: z.string().optional(),
  }),
  'appointment.deleted': z.object({
    id: z.number(), storeId: z.number(), staffId: z.number(), customerId: z.number(), date: z.string(),
    start: z.string(), end: z.string(), status: z.string(), dayOff: z.boolean(),
    /** the check-out sale in cents (0 before check-out); absent on older events */
    sale: z.number().optional(),
  }),
  /**
   * scheduling: an online request was written or answered (requested, approved, declined, a new time
   * suggested, changed by its customer); the bell and the requests list refetch.
   */
  'online-request.changed': z.object({
    id: z.number(), storeId: z.number(), staffId: z.number(), date: z.string(), start: z.string(), end: z.string(),
    status: z.string(), previousStatus: z.string().nullable(),
    /** the customer's phone (10 digits) when known: the relay also tells the customer's own channel */
    customerPhone: z.string().optional(),
  }),
  /**
   * scheduling: a sign-in sheet was written (a person signed in) or changed (check-in, Update, note); the
   * front desk refetches on the sheet channel, the kiosk gets a queue notice without names.
   */
  'sheet.created': z.object({
    id: z.number(), storeId: z.number(), date: z.string(), appointmentId: z.number().nullable(), partyId: z.string().nullable(),
    /** the phone the person gave at sign-in (10 digits), for the "you're up next" text; absent on older events */
    customerPhone: z.string().nullable().optional(),
  }),
  'sheet.updated': z.object({ id: z.number(), storeId: z.number(), date: z.string(), appointmentId: z.number().nullable(), checked: z.string().nullable(), staffIds: z.array(z.number()) }),
  /**
   * scheduling: a sheet was checked in (once per sheet); customers counts the visit. customerId is the
   * linked appointment's customer, else null (customers then finds the customer by phone, if any).
   */
  'sheet.checked_in': z.object({
    id: z.number(), storeId: z.number(), date: z.string(), appointmentId: z.number().nullable(), customerId: z.number().nullable(),
    customerPhone: z.string(), staffIds: z.array(z.number()),
  }),
  /** scheduling: the day's turn list changed (created, a check-in, a reorder, an undone check-in). */
  'turn.changed': z.object({ id: z.number(), storeId: z.number(), date: z.string(), seq: z.number(), kind: z.string(), staffIds: z.array(z.string()) }),
  /** scheduling: a store activity log entry was written; the activities modal refetches. */
  'log.created': z.object({ id: z.number(), storeId: z.number(), appointmentId: z.number() }),
  /**
   * messaging: a text was queued (the sender consumer sends it once, retrying with backoff). No phone or
   * body in it: the message document has them.
   */
  'sms.queued': z.object({ messageId: z.string(), storeId: z.number() }),
  /** messaging: many texts queued at once (a bulk reminder): the sender sends them side by side. */
  'sms.batch_queued': z.object({ storeId: z.number(), batchId: z.string(), messageIds: z.array(z.string()).max(1000) }),
  /** messaging: a text left through the provider; scheduling appends the kind's note suffix to the appointment once. */
  'sms.sent': z.object({
    messageId: z.string(), storeId: z.number(), appointmentId: z.number().nullable(),
    kind: z.enum(['confirm', 'reminder', 'reschedule', 'review', 'custom', 'cancel', 'approve', 'upnext']), sentAt: z.string(),
  }),
  /** messaging: a customer's text arrived on the store's number; the inbox refetches (no phone, no body). */
  'sms.received': z.object({ id: z.string(), storeId: z.number() }),
  /** customers: a customer's current fields (created, or edited incl. by a merge); scheduling keeps appointment copies current. */
  'customer.created': z.object({
    customerId: z.number(), storeId: z.number(), fname: z.string(), lname: z.string(), phone: z.string().nullable(),
    email: z.string().nullable(), status: z.string(), fav_staffId: z.number().nullable(), book_with_fav_staff: z.number(),
    visited: z.number(), color: z.string().nullable(), updated_at: z.string(),
  }),
  'customer.updated': z.object({
    customerId: z.number(), storeId: z.number(), fname: z.string(), lname: z.string(), phone: z.string().nullable(),
    email: z.string().nullable(), status: z.string(), fav_staffId: z.number().nullable(), book_with_fav_staff: z.number(),
    visited: z.number(), color: z.string().nullable(), updated_at: z.string(),
  }),
  'customer.deleted': z.object({ customerId: z.number(), storeId: z.number() }),
  /** customers: removedId was merged into keptId and is gone; scheduling moves removedId's appointments to keptId. */
  'customer.merged': z.object({ storeId: z.number(), keptId: z.number(), removedId: z.number() }),
  /**
   * billing: a store's package changed (a subscription written or updated by a webhook, or the free tier
   * gained or lost by the staff count). The same fields as getPackageByStoreId answers, so the calendar's
   * notice refetches nothing from Stripe.
   */
  'billing.package_changed': z.object({
    storeId: z.number(), id: z.string().nullable(), packageId: z.string().nullable(), product: z.string(), price: z.number(),
    storeName: z.string(), expiration: z.string(), current_period_start: z.number().nullable(), current_period_end: z.number().nullable(),
    free: z.boolean(),
  }),
  /** billing: the owner set the store's card policy; scheduling refuses online requests without a card under 'all'. */
  'billing.card_policy_changed': z.object({ storeId: z.number(), policy: z.enum(CARD_POLICIES), noShowFee: z.number() }),
  /** billing: the owner charged an appointment's no-show fee (once); scheduling writes it in the activity log. */
  'billing.no_show_charged': z.object({
    storeId: z.number(), appointmentId: z.number(), amount: z.number(), status: z.enum(['succeeded', 'declined']),
    message: z.string(), last4: z.string(), chargedBy: z.number(),
  }),
} as const;
export type EventName = keyof typeof EVENTS;
export type EventData<N extends EventName> = z.infer<(typeof EVENTS)[N]>;

export function splitEventName(name: EventName): { domain: string; type: string } {
  const [domain, type] = name.split('.') as [string, string];
  return { domain, type };
}
