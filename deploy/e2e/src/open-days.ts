import { DAY_KEYS, isWeeklyDayOff, weekdayKeyOf } from '@turnbook/domain/hours';
import { DateTime } from 'luxon';


export interface StoreWeek {
  timezone: string;
  /** mon..sun: '9:00 am-6:00 pm' or 'closed-closed' */
  hours: Record<string, string | null | undefined>;
}

/** The same hours every day of the week ('9:00 am-7:00 pm'; '12:00 am-12:00 am' is round the clock). */
export const everyDay = (range: string): Record<string, string> => Object.fromEntries(DAY_KEYS.map((d) => [d, range]));

/** A date `days` from today in `zone`, YYYY-MM-DD. */
export const dayIn = (zone: string, days: number): string => DateTime.now().setZone(zone).plus({ days }).toISODate()!;

/** Whether the store opens on `date` and, when given, the staff member works that weekday. */
export function opensOn(store: StoreWeek, date: string, staff?: { dayOff?: string | null }): boolean {
  const weekday = weekdayKeyOf(date);
  if (/closed/i.test(String(store.hours[weekday] ?? 'closed'))) return false;
  return !staff || worksOn(date, staff);
}

/**
 * Whether a staff member works `date` by their weekly schedule (`dayOff`: 'mon tue'). A staff booking naming
 * one on their weekly day off, with nothing else of theirs that date, is refused (409 staffDayOff, ruling 5):
 * the demo's staff have days off, so a journey booking one of them picks one who works that date.
 */
export function worksOn(date: string, staff: { dayOff?: string | null }): boolean {
  return !isWeeklyDayOff(staff.dayOff, weekdayKeyOf(date));
}

/**
 * The first date at least `minDays` ahead (in the store's zone) on which the store opens, and the staff
 * member works when given. A journey that needs "tomorrow" to be a working day uses this, so it passes on
 * any day of the week (the demo store is closed on Sundays).
 */
export function openDayAhead(store: StoreWeek, minDays = 1, staff?: { dayOff?: string | null }): string {
  for (let days = minDays; days < minDays + 14; days++) {
    const date = dayIn(store.timezone, days);
    if (opensOn(store, date, staff)) return date;
  }
  throw new Error(`the store opens on no day in the two weeks from ${dayIn(store.timezone, minDays)}`);
}
