import type { CustomerAppointmentView } from '@turnbook/contracts/schemas/appointments';
import { ONLINE_COLUMN } from '@turnbook/domain/calendar-columns';
import { toMinutes } from '@turnbook/domain/hours/time12';
import { todayIn } from '@turnbook/domain/hours/today';
import { displayName } from '@turnbook/domain/text/names';

const minutes = (t: string) => toMinutes(t) ?? 0;

/** Whether the appointment's day is before today where its store is (not on the customer's device). */
const isPast = (a: Pick<CustomerAppointmentView, 'date' | 'timezone'>, now: Date) => a.date < todayIn(a.timezone, now);

/**
 * From public_getAppointmentsByCustomerPhoneNumber's lists (one per store): the upcoming live appointments,
 * soonest first, and the stores to book again (the stores of past appointments, 002 /appointments).
 */
export function upcoming(stores: CustomerAppointmentView[][], now: Date): CustomerAppointmentView[] {
  return stores
    .flat()
    .filter((a) => a.status !== 'CANCEL' && !isPast(a, now))
    .sort((a, b) => a.date.localeCompare(b.date) || minutes(a.start) - minutes(b.start));
}

export function storesToBookAgain(stores: CustomerAppointmentView[][], now: Date): { storeId: number; name: string; permalink: string }[] {
  const seen = new Map<number, { storeId: number; name: string; permalink: string }>();
  for (const a of stores.flat()) {
    if (isPast(a, now) && !seen.has(a.storeId) && a.permalink) seen.set(a.storeId, { storeId: a.storeId, name: a.storeName, permalink: a.permalink });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** 'Anyone' for a request on the Online column, else the staff member's nickname or first name. */
export const requestedStaff = (a: Pick<CustomerAppointmentView, 'staffId' | 'userFname' | 'nickname'>) =>
  a.staffId === ONLINE_COLUMN || (!a.nickname && !a.userFname) ? 'Anyone' : displayName(a.nickname || a.userFname);
