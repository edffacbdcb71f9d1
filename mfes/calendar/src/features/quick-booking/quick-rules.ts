import { SCHEDULING_MESSAGES } from '@turnbook/contracts/errors/scheduling';
import type { AvailabilitySlot } from '@turnbook/contracts/schemas/appointments';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { formatTime12, outsideHoursReason, toMinutes } from '@turnbook/domain';
import { servicesProblem, WIZARD_MESSAGES } from '../booking-wizard/wizard-rules';

/**
 * The quick booking's rules (docs/decisions.md, 'Quick booking from a slot'): the wizard's, checked in the
 * wizard's order at Save, with the wizard's and the server's words.
 */

/** A customer who will not give a name or phone: a record of their own, named for what it is. */
export const WALK_IN_CUSTOMER = { fname: 'walk-in', lname: '', phone: '', email: '', status: 'Walk-in: no name or phone given (quick booking)' } as const;

export const QUICK_MESSAGES = {
  /** the clicked start is inside the hours but staff booking does not offer it (already past, a day off) */
  notOffered: (staff: string, start: string) => `${start} is not a start ${staff} can take on this date (it has passed, or it is a day off). Choose another slot, or another start in the full booking.`,
  closedDay: 'No start time is open on this date (the store is closed, or it is a day off).',
} as const;

/** 'Mary Ann McKay' as first name 'mary' and last name 'ann mckay' would be typed in the wizard. */
export function splitName(name: string): { fname: string; lname: string } {
  const [fname = '', ...rest] = name.trim().split(/\s+/);
  return { fname, lname: rest.join(' ') };
}

/** The customer part's problem at Save, or null: someone chosen, or a new one confirmed over the matches. */
export function customerProblem(c: { walkIn: boolean; picked: boolean; matches: number; createAnyway: boolean }): string | null {
  if (c.walkIn || c.picked) return null;
  return c.matches > 0 && !c.createAnyway ? WIZARD_MESSAGES.selectOrConfirmNew : null;
}

/**
 * The time's problem, or null: the services must fit the store's hours that day (the server's words for a
 * move), and the start must be one staff booking offers (the wizard shows no Next for any other).
 */
export function timeProblem(store: Pick<StoreView, 'hours'>, date: string, start: string, minutes: number, slots: Pick<AvailabilitySlot, 'start' | 'free'>[], staff: string): string | null {
  const startMin = toMinutes(start) ?? 0;
  const outside = outsideHoursReason(store.hours, date, { startMin, endMin: startMin + minutes });
  if (outside) return `${SCHEDULING_MESSAGES.outsideHours}: ${outside}.`;
  if (slots.length === 0) return QUICK_MESSAGES.closedDay;
  return slots.some((s) => s.start === start) ? null : QUICK_MESSAGES.notOffered(staff, start);
}

/** The first start staff booking offers after `start` that day (a walk-in clicked on the quarter hour already begun). */
export function laterStart(slots: { start: string; startMin: number }[], start: string): string | null {
  const from = toMinutes(start) ?? 0;
  return slots.find((s) => s.startMin > from)?.start ?? null;
}

/** The first problem of a quick booking, in the wizard's page order: customer, services, time. */
export function saveProblem(p: { customer: string | null; serviceIds: number[]; time: () => string | null }): string | null {
  return p.customer ?? servicesProblem([p.serviceIds]) ?? p.time();
}

/** The slot's start as the records write it ('10:30 am'). */
export const slotTime = (minutes: number) => formatTime12(minutes);
