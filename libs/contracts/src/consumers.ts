import { splitEventName, type EventName } from './events';

/**
 * Every durable consumer: its name, the event it reads, and where a brand-new consumer starts. 'all'
 * replays the stream (a read model rebuilding itself); 'new' starts from now, so a new deployment does not
 * redo side effects (mails, texts) for events it was never meant to handle.
 */
export const CONSUMERS = {
  'identity-memberships': { event: 'store.membership_changed', from: 'all' },
  'customers-memberships': { event: 'store.membership_changed', from: 'all' },
  'billing-memberships': { event: 'store.membership_changed', from: 'all' },
  'messaging-memberships': { event: 'store.membership_changed', from: 'all' },
  'realtime-memberships': { event: 'store.membership_changed', from: 'all' },
  'scheduling-user-updated': { event: 'user.updated', from: 'all' },
  'scheduling-customer-updated': { event: 'customer.updated', from: 'all' },
  'scheduling-customer-created': { event: 'customer.created', from: 'all' },
  'scheduling-customer-merged': { event: 'customer.merged', from: 'all' },
  'customers-staff-names': { event: 'staff.updated', from: 'all' },
  /** Counts a customer's visit once per checked-in sheet (idempotent by sheet), so a replay counts nothing twice. */
  'customers-sheet-visits': { event: 'sheet.checked_in', from: 'all' },
  'messaging-email-verification': { event: 'user.registered', from: 'new' },
  'messaging-email-password-reset': { event: 'user.password_reset_requested', from: 'new' },
  'messaging-email-verification-resent': { event: 'user.verification_resent', from: 'new' },
  'messaging-email-staff-invitation': { event: 'staff.invited', from: 'new' },
  'messaging-email-change': { event: 'user.email_change_requested', from: 'new' },
  'messaging-email-change-notice': { event: 'user.email_change_notice', from: 'new' },
  /** The customer's emails about their online request: received, approved, declined, new time suggested. */
  'messaging-email-online-request': { event: 'online-request.changed', from: 'new' },
  /** The store's email about an online request waiting for it: new, changed by the customer, cancellation asked. */
  'messaging-email-store-request': { event: 'online-request.changed', from: 'new' },
  /** Texts: the sender of queued texts, and the read models the templates and the inbox need (docs/product/texts.md). */
  'messaging-sms-send': { event: 'sms.queued', from: 'all' },
  'messaging-sms-send-batch': { event: 'sms.batch_queued', from: 'all' },
  'messaging-stores': { event: 'store.updated', from: 'all' },
  'messaging-appointment-created': { event: 'appointment.created', from: 'all' },
  'messaging-appointment-updated': { event: 'appointment.updated', from: 'all' },
  'messaging-appointment-deleted': { event: 'appointment.deleted', from: 'all' },
  'messaging-customer-created': { event: 'customer.created', from: 'all' },
  'messaging-customer-updated': { event: 'customer.updated', from: 'all' },
  'messaging-customer-deleted': { event: 'customer.deleted', from: 'all' },
  'messaging-online-request': { event: 'online-request.changed', from: 'new' },
  'messaging-sheet-created': { event: 'sheet.created', from: 'all' },
  'messaging-sheet-updated': { event: 'sheet.updated', from: 'all' },
  /** Appends a sent text's note suffix to its appointment, once per kind. */
  'scheduling-sms-sent': { event: 'sms.sent', from: 'all' },
  /** billing's read models: real staff per store (free tier), store names and zones, checked-out appointments (demo terminal). */
  'billing-staff': { event: 'staff.updated', from: 'all' },
  'billing-stores': { event: 'store.updated', from: 'all' },
  'billing-appointment-created': { event: 'appointment.created', from: 'all' },
  'billing-appointment-updated': { event: 'appointment.updated', from: 'all' },
  'billing-appointment-deleted': { event: 'appointment.deleted', from: 'all' },
  /**
   * The store's card policy: online requests hold a card when it asks for one on every request. Its copy
   * now also touches the store's config stamp (the online request reads it from the config copy); the
   * consumer was renamed from 'scheduling-card-policy' so that, while a rolling deploy still runs the
   * release before (whose consumer writes the copy without touching the stamp), every event also reaches
   * a consumer that does. It replays the stream once; the copy keeps the latest event's policy. The old
   * durable is left unread once no instance runs the release before.
   */
  'scheduling-card-policy-config': { event: 'billing.card_policy_changed', from: 'all' },
  /** Writes a no-show fee's charge in the store's activity log (once per appointment). */
  'scheduling-no-show-charged': { event: 'billing.no_show_charged', from: 'all' },
} as const satisfies Record<string, { event: EventName; from: 'all' | 'new' }>;

export type ConsumerName = keyof typeof CONSUMERS;
export type ConsumerEvent<C extends ConsumerName> = (typeof CONSUMERS)[C]['event'];

/** The NATS subject filter that matches one event type of every store: `evt.<domain>.*.<type>`. */
export function subjectFilterOf(name: EventName): string {
  const { domain, type } = splitEventName(name);
  return `evt.${domain}.*.${type}`;
}
