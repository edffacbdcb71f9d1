/**
 * Who is real staff, and which calendar column an appointment is filed under (docs/product/records.md,
 * "Real staff and the TBD placeholder"). One rule for the servers and the screens: a staff record with role
 * 'TBD' (the "Next available" placeholder) or 'none', or archived, is never real staff: never a column,
 * never offered or counted as free, never holding time; what names one is filed under Unassigned.
 */

import { CANCEL_COLUMN, ONLINE_COLUMN, TBD_COLUMN, UNASSIGNED_COLUMN } from '../calendar-columns';

/** Roles of staff records that are no staff member at all. */
export const NOT_STAFF_ROLES: readonly string[] = ['TBD', 'none'];

export interface StaffRecordLike {
  role?: string | null;
  archived?: boolean | number | null;
}

/** A working member of the store: not the TBD placeholder, not role none, not archived. */
export function isRealStaff(e: StaffRecordLike | null | undefined): boolean {
  if (!e) return false;
  if (e.archived === true || e.archived === 1) return false;
  return !NOT_STAFF_ROLES.includes(e.role ?? '');
}

/**
 * The column an appointment is shown in: Cancel when cancelled, Online on 8888, its staff member's column
 * when that is real staff of the store (`isColumn`), Unassigned otherwise (0, 9999, an unknown id, the
 * placeholder, role none, archived): so nothing booked is ever in no column at all.
 */
export function calendarColumnOf(a: { staffId: number; status: string }, isColumn: (staffId: number) => boolean): number {
  if (a.status === 'CANCEL' || a.staffId === CANCEL_COLUMN) return CANCEL_COLUMN;
  if (a.staffId === ONLINE_COLUMN) return ONLINE_COLUMN;
  if (a.staffId !== UNASSIGNED_COLUMN && a.staffId !== TBD_COLUMN && isColumn(a.staffId)) return a.staffId;
  return UNASSIGNED_COLUMN;
}

/** `isColumn` for calendarColumnOf from the store's staff records by id. */
export const realStaffColumn =
  (staffById: { get(id: number): StaffRecordLike | null | undefined }) =>
  (staffId: number): boolean =>
    isRealStaff(staffById.get(staffId));
