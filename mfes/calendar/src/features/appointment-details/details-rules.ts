import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { storeDay, wallEndAfter } from '@turnbook/domain/availability/store-day';
import { formatTime12, MINUTES_PER_DAY, toMinutes } from '@turnbook/domain/hours/time12';
import { statusAfterEdit } from '@turnbook/domain/statuses/edit-status';

// The grid's cards read it too, without the rest of these rules.
export { isWalkIn } from './walk-in';

/**
 * The rules behind the appointment details' buttons, pure so each can be tested alone
 * (docs/product/statuses.md, docs/product/roles.md, docs/decisions.md "Appointment details").
 */

export type Status = AppointmentView['status'];
export const REQUEST_STATUSES: readonly Status[] = ['PENDING', 'MODIFYING'];

/** A day off is an appointment record with customer 0 and services '0'. */
export const isDayOff = (a: Pick<AppointmentView, 'customerId' | 'serviceIds'>) => a.customerId === 0 && a.serviceIds === '0';

/**
 * The status an edit shows it will leave: the server's own rule (libs/domain statusAfterEdit: onto a real
 * staff member ON, a cancelled one stays CANCEL and a customer's cancellation waits for the store's answer;
 * onto the Online column an approved or on appointment is APPROVED; anything else keeps its status).
 */
export const statusOnEdit = (current: Status, staffId: number): Status => statusAfterEdit(current, { staffId });

/** The suggested sale: what the booked services cost together (dollars, cents kept). */
export const suggestedSale = (services: readonly { price: number }[]) => Math.round(services.reduce((sum, s) => sum + s.price, 0) * 100) / 100;

/** The check-out sale: the amount typed, rounded to whole dollars; 0 (or nothing) takes the suggested sale. */
export function checkoutSale(typed: number | string | null | undefined, suggested: number): number {
  const n = Math.round(Number(typed) || 0);
  return n > 0 ? n : suggested;
}

/** Who is looking, as the details need it (from useStoreAccess's `can`). */
export interface DetailsAccess {
  /** storeNotLimited: opens, edits, cancels, checks out, approves */
  canAct: boolean;
  /** storeManager: the hard delete */
  canDelete: boolean;
}

export type DetailsAction = 'edit' | 'delete' | 'history' | 'rebook' | 'checkout' | 'approve' | 'decline' | 'acceptCancel' | 'keep' | 'checkIn';

/**
 * The buttons the details show. Limited staff act on nothing. A walk-in (known by its sign-in sheet) shows
 * Check in where a request shows Approve and Decline; REQUEST CANCEL shows the store's answer to the
 * customer's cancellation. A cancelled appointment offers only the hard delete, to managers, and its
 * History (read-only: who cancelled it and when) (docs/decisions.md "Appointment details").
 */
export function actionsFor(a: Pick<AppointmentView, 'status' | 'customerId' | 'serviceIds'>, access: DetailsAccess, walkIn: boolean, cancelAndText = false): DetailsAction[] {
  if (!access.canAct) return [];
  const dayOff = isDayOff(a);
  if (a.status === 'CANCEL' && !dayOff) return access.canDelete ? ['delete', 'history'] : ['history'];
  // Days off are the managers' (their own screen edits them); others only read their history.
  if (dayOff && !access.canDelete) return ['history'];
  const out: DetailsAction[] = ['edit'];
  if (deleteChoices(a, access, cancelAndText).length) out.push('delete');
  out.push('history');
  if (!dayOff) out.push('rebook');
  if (dayOff) return out;
  if (walkIn && a.status === 'PENDING') out.push('checkIn');
  else if (REQUEST_STATUSES.includes(a.status)) out.push('approve', 'decline');
  else if (a.status === 'REQUEST CANCEL') out.push('acceptCancel', 'keep');
  else out.push('checkout');
  return out;
}

/** The Text Center: every non-limited member's and the front desk's, for a live appointment with a customer (a cancelled one was texted, if at all, by Cancel and Text Customer). */
export const offersTextCenter = (a: Pick<AppointmentView, 'status' | 'customerId' | 'serviceIds'>, access: DetailsAccess) =>
  access.canAct && !isDayOff(a) && a.customerId > 0 && a.status !== 'CANCEL';

/** The delete modal's choices: Cancel always (unless already cancelled), Cancel and Text Customer by the store's setting, the hard delete for managers. */
export type DeleteChoice = 'cancel' | 'cancelAndText' | 'delete';
export function deleteChoices(a: Pick<AppointmentView, 'status' | 'customerId' | 'serviceIds'>, access: DetailsAccess, cancelAndText: boolean): DeleteChoice[] {
  if (!access.canAct) return [];
  const out: DeleteChoice[] = [];
  const soft = a.status !== 'CANCEL' && !isDayOff(a);
  if (soft) out.push('cancel');
  if (soft && cancelAndText && a.customerId > 0) out.push('cancelAndText');
  if (access.canDelete) out.push('delete');
  return out;
}

/** 'hh:mm am' start → the end after `minutes` on the store's clock that date, or null when it would pass midnight. */
export function endAfter(start: string, minutes: number, zone: string, date: string): string | null {
  const s = toMinutes(start);
  if (s === null || minutes <= 0) return null;
  const end = wallEndAfter(storeDay(zone, date, null), s, minutes);
  return end >= MINUTES_PER_DAY ? null : formatTime12(end);
}

/** Start times every 15 minutes over the day, 'hh:mm am', for the edit form. */
export const QUARTER_HOURS: readonly string[] = Array.from({ length: MINUTES_PER_DAY / 15 }, (_, i) => formatTime12(i * 15));

/** Staff read CANCEL as 'CANCELED'. */
export const statusLabel = (s: Status) => (s === 'CANCEL' ? 'CANCELED' : s);

