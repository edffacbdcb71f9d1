import { DAY_KEYS, isWeeklyDayOff } from '@turnbook/domain';
import type { EmployeeDoc } from '../staff/model';

/** Roles that are no active member (the TBD column, none): never in the turns or the line. */
const INACTIVE_ROLES = new Set(['TBD', 'none']);

/** The weekday key ('mon'..'sun') of a YYYY-MM-DD date. */
export function weekdayOf(date: string): (typeof DAY_KEYS)[number] {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return DAY_KEYS[(day + 6) % 7];
}

/** Staff who work on a date: active, not archived, not on their weekly day off (in the store's staff order). */
export function workingStaff(staff: readonly EmployeeDoc[], date: string): EmployeeDoc[] {
  const day = weekdayOf(date);
  return staff.filter((e) => !e.archived && !INACTIVE_ROLES.has(e.role) && !isWeeklyDayOff(e.dayOff, day)).sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0) || a._id - b._id);
}
