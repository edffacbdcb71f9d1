/**
 * The calendar's own columns (docs/product/records.md, "Reserved staff ids"): staff ids that are never real
 * staff. Real staff ids start at FIRST_STAFF_ID, so they never meet these. Defined here only.
 */

/** 0: To Be Determined, booked with no staff member yet; shown under Unassigned. */
export const TBD_COLUMN = 0;
/** 1111: Cancelled; a cancelled appointment is shown there and reports count it apart from revenue. */
export const CANCEL_COLUMN = 1111;
/** 8888: Online; 'anyone' online requests, approved online requests and kiosk walk-ins waiting to be assigned. */
export const ONLINE_COLUMN = 8888;
/** 9999: Unassigned; what no real staff member of the store holds. */
export const UNASSIGNED_COLUMN = 9999;

/** Every calendar column id: none of them is staff, so none holds time or takes a day off. */
export const RESERVED_STAFF_IDS: readonly number[] = [TBD_COLUMN, CANCEL_COLUMN, ONLINE_COLUMN, UNASSIGNED_COLUMN];
/** The staff id counter starts here, above every calendar column. */
export const FIRST_STAFF_ID = 10000;

// Ids can arrive as strings (query strings, record keys), so both spellings are looked up.
const RESERVED = new Set<number | string>([...RESERVED_STAFF_IDS, ...RESERVED_STAFF_IDS.map(String)]);

/** A calendar column (0, 1111, 8888, 9999), never a staff member. */
export function isReservedColumn(id: number | string | null | undefined): boolean {
  return id != null && RESERVED.has(id);
}
