import { DAY_KEYS, isRealStaff, isWeeklyDayOff } from '@turnbook/domain';
import type { EmployeeDoc } from '../staff/model';

/** The weekday key ('mon'..'sun') of a YYYY-MM-DD date. */
export function weekdayOf(date: string): (typeof DAY_KEYS)[number] {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return DAY_KEYS[(day + 6) % 7];
}

/**
 * Staff who work on a date: real staff (never the TBD placeholder, role none or archived: never in the turns
 * or the line), not on their weekly day off, in the store's staff order.
 */
export function workingStaff(staff: readonly EmployeeDoc[], date: string): EmployeeDoc[] {
  const day = weekdayOf(date);
  return staff.filter((e) => isRealStaff(e) && !isWeeklyDayOff(e.dayOff, day)).sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0) || a._id - b._id);
}
