import { DateTime } from 'luxon';
import { toMinutes } from '../hours/time12';

/**
 * Cards on file and the no-show fee (docs/product/deposits.md): when a booking must hold a card, and when
 * the owner may charge the store's no-show fee to it.
 */

/** Groups of this many people or more hold a card (the seeds' 'group from 3 and up'). */
export const GROUP_CARD_FROM = 3;

/** 'groups': groups of 3 or more hold a card; 'all': every online request does too. */
export const CARD_POLICIES = ['groups', 'all'] as const;
export type CardPolicy = (typeof CARD_POLICIES)[number];

/** The highest no-show fee a store may set, in cents ($500.00). */
export const MAX_NO_SHOW_FEE_CENTS = 50_000;

/** Whether a booking of `people` must hold a card: always from 3 people; every online request under 'all'. */
export function cardRequired(policy: CardPolicy, people: number, online: boolean): boolean {
  return people >= GROUP_CARD_FROM || (online && policy === 'all');
}

/** The instant an appointment starts: its date and 'hh:mm am' start, wall time in the store's zone (ms). */
export function appointmentStartMillis(date: string, start: string, zone: string): number {
  const minutes = toMinutes(start) ?? 0;
  // Wall time, not minutes since midnight: on a day the clocks move the two differ by an hour.
  return DateTime.fromISO(date, { zone }).set({ hour: Math.floor(minutes / 60), minute: minutes % 60 }).toMillis();
}

/**
 * Why the no-show fee cannot be charged now, or null when it can: the store set a fee, a card is on
 * file, and the appointment's start has passed in the store's zone (a customer is a no-show only then).
 */
export function noShowProblem(a: { date: string; start: string; zone: string; feeCents: number; hasCard: boolean; now: number }): 'noShowFeeNotSet' | 'noCardOnFile' | 'noShowTooEarly' | null {
  if (!(a.feeCents > 0)) return 'noShowFeeNotSet';
  if (!a.hasCard) return 'noCardOnFile';
  if (a.now < appointmentStartMillis(a.date, a.start, a.zone)) return 'noShowTooEarly';
  return null;
}
