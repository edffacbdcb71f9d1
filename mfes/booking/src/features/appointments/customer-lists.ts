import type { CustomerAppointmentView } from '@turnbook/contracts/schemas/appointments';
import { toMinutes } from '@turnbook/domain/hours/time12';

const minutes = (t: string) => toMinutes(t) ?? 0;

/**
 * From public_getAppointmentsByCustomerPhoneNumber's lists (one per store): the upcoming live appointments,
 * soonest first, and the stores to book again (the stores of past appointments, 002 /appointments).
 */
export function upcoming(stores: CustomerAppointmentView[][], today: string): CustomerAppointmentView[] {
  return stores
    .flat()
    .filter((a) => a.status !== 'CANCEL' && a.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date) || minutes(a.start) - minutes(b.start));
}

export function storesToBookAgain(stores: CustomerAppointmentView[][], today: string): { storeId: number; name: string; permalink: string }[] {
  const seen = new Map<number, { storeId: number; name: string; permalink: string }>();
  for (const a of stores.flat()) {
    if (a.date < today && !seen.has(a.storeId) && a.permalink) seen.set(a.storeId, { storeId: a.storeId, name: a.storeName, permalink: a.permalink });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** 'Anyone' for a request on the Online column, else the staff member's nickname or first name. */
export const requestedStaff = (a: Pick<CustomerAppointmentView, 'staffId' | 'userFname' | 'nickname'>) =>
  a.staffId === 8888 || (!a.nickname && !a.userFname) ? 'Anyone' : (a.nickname || a.userFname)!;

/** Today as 'YYYY-MM-DD' on this device (the customer's own day). */
export const localToday = (now: Date = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
