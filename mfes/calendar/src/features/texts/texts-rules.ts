import type { BulkReminderResult, SmsKind, SmsMessageView } from '@turnbook/contracts/schemas/messaging';
import { allows, type StoreAccess } from '@turnbook/domain/roles/roles';
import { DateTime } from 'luxon';
import { fullName } from '@turnbook/domain/text/names';

/**
 * The Text Center's rules, pure so each can be tested alone (docs/product/texts.md): who sees which text,
 * the words shown after a send, when the last reminder went, the inbox's groups and the bulk reminder's
 * outcomes.
 */

/** The Text Center's choices, in the spec's order. */
export type TextChoice = 'confirm' | 'reminder' | 'reschedule' | 'review' | 'custom';
export const TEXT_LABELS: Record<TextChoice, string> = {
  confirm: 'Confirm',
  reminder: 'Reminder',
  reschedule: 'Reschedule',
  review: 'Send review',
  custom: 'Custom',
};

/** Any non-limited member and the front desk text from an appointment; 'Send review' is the owner's (the server's own rules). */
export function textChoices(access: StoreAccess): TextChoice[] {
  if (!allows('storeNotLimited', access)) return [];
  const out: TextChoice[] = ['confirm', 'reminder', 'reschedule'];
  if (allows('storeOwner', access)) out.push('review');
  out.push('custom');
  return out;
}

/** What shows once a text is queued. */
export const TEXT_SENT: Record<SmsKind, string> = {
  confirm: 'Confirmation sent',
  reminder: 'Reminder sent',
  reschedule: 'Reschedule text sent',
  review: 'Review request sent',
  custom: 'Message sent',
  cancel: 'Cancellation text sent',
  approve: 'Approval text sent',
};

export const TEXTS_MESSAGES = {
  noPhone: 'This customer has no phone number to text.',
  emptyCustom: 'Please type a message',
  canceledNotTexted: 'The appointment was canceled, but the text could not be sent:',
  noAppointments: 'No appointment to remind on this day',
} as const;

/** The spec's recipient: 1 plus the 10-digit phone; null when the appointment has no usable phone. */
export function recipientOf(phone: string | null | undefined): string | null {
  const d = (phone ?? '').replace(/\D/g, '');
  if (d.length === 10) return `1${d}`;
  if (d.length === 11 && d.startsWith('1')) return d;
  return null;
}

/** The newest text of a kind (the server answers newest first; sorted again so the order never matters). */
export function lastOfKind(messages: readonly SmsMessageView[], kind: SmsKind): SmsMessageView | null {
  let last: SmsMessageView | null = null;
  for (const m of messages) if (m.kind === kind && (!last || m.created_at > last.created_at)) last = m;
  return last;
}

/** A moment as the store's clock shows it: 'MM/DD/YYYY h:mm AM'. */
export const atStoreTime = (iso: string, timezone: string) => DateTime.fromISO(iso, { zone: timezone || 'America/New_York' }).toFormat('MM/dd/yyyy h:mm a');

export interface InboxItem {
  id: string;
  customerId: number | null;
  customer: string | null;
  originator: string;
  body: string;
  createdDatetime: string;
}
export interface InboxGroup {
  originator: string;
  customerId: number | null;
  /** the customer's name, or null when the phone is not a customer's */
  customer: string | null;
  items: InboxItem[];
}

/** Replies grouped by sender: the group with the newest reply first, newest first inside. */
export function groupInbox(items: readonly InboxItem[]): InboxGroup[] {
  const groups = new Map<string, InboxGroup>();
  for (const i of items) {
    const g = groups.get(i.originator) ?? { originator: i.originator, customerId: i.customerId, customer: i.customer, items: [] };
    g.items.push(i);
    g.customer ??= i.customer;
    g.customerId ??= i.customerId;
    groups.set(i.originator, g);
  }
  const list = [...groups.values()];
  for (const g of list) g.items.sort((a, b) => b.createdDatetime.localeCompare(a.createdDatetime));
  return list.sort((a, b) => b.items[0]!.createdDatetime.localeCompare(a.items[0]!.createdDatetime));
}

/** A bulk reminder's outcome for one appointment, as the list shows it. */
export function outcomeLabel(r: Pick<BulkReminderResult, 'outcome' | 'reason'>): string {
  if (r.outcome === 'sent') return 'Sent';
  const word = r.outcome === 'skipped' ? 'Skipped' : 'Failed';
  return r.reason ? `${word}: ${r.reason}` : word;
}

/** The appointments a day's bulk reminder names: every booked one (not days off, not the cancelled column). */
export function remindable<T extends { id: number; customerId: number; serviceIds: string; status: string }>(appointments: readonly T[]): T[] {
  return appointments.filter((a) => !(a.customerId === 0 && a.serviceIds === '0') && a.status !== 'CANCEL');
}

/** A customer's name as the calendar writes it (names are stored lowercase). */
export function customerName(a: { customerFname?: string | null; customerLname?: string | null }): string {
  return fullName({ fname: a.customerFname, lname: a.customerLname }) || 'No name';
}
