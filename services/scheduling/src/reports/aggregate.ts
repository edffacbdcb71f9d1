import { CANCEL_COLUMN, isDayOffRecord, NOT_STAFF_ROLES, ONLINE_COLUMN, TBD_COLUMN, UNASSIGNED_COLUMN } from '@turnbook/domain';
import type { Report } from '@turnbook/contracts/schemas/reports';
import type { AppointmentDoc } from '../appointments/model';
import type { EmployeeDoc } from '../staff/model';
import { displayName } from '../staff/view';

/** A day's income by report column id, integer cents. */
export type DayIncome = Record<string, number>;

type Counted = Pick<AppointmentDoc, 'staffId' | 'status' | 'sale' | 'services' | 'customerId' | 'serviceIds'>;

/**
 * What an appointment brought in: its checked-out sale, the money that came in (docs/product/reports.md).
 * A request still pending, a walk-in not served, an approved or booked appointment not checked out bring
 * nothing yet, so a past day's totals do not move as requests are approved.
 */
export function incomeOf(a: Pick<AppointmentDoc, 'sale'>): number {
  return a.sale > 0 ? a.sale : 0;
}

/** The column an appointment is counted under: cancelled 1111, unassigned (0, 9999) 9999, else its own. */
export function columnOf(a: Pick<AppointmentDoc, 'staffId' | 'status'>): number {
  if (a.status === 'CANCEL' || a.staffId === CANCEL_COLUMN) return CANCEL_COLUMN;
  if (a.staffId === TBD_COLUMN || a.staffId === UNASSIGNED_COLUMN) return UNASSIGNED_COLUMN;
  return a.staffId;
}

/** One day's income by column from the day's appointments (days off count nothing). */
export function dayIncome(docs: Counted[]): DayIncome {
  const out: DayIncome = {};
  for (const a of docs) {
    if (isDayOffRecord(a)) continue;
    const cents = incomeOf(a);
    if (!cents) continue;
    const col = String(columnOf(a));
    out[col] = (out[col] ?? 0) + cents;
  }
  return out;
}

const COLUMN_NAMES: Record<number, string> = { [ONLINE_COLUMN]: 'Online', [UNASSIGNED_COLUMN]: 'Unassigned', [CANCEL_COLUMN]: 'Cancelled' };

/**
 * The report from each asked day's income: columns are the store's staff (archived ones only when they
 * brought something in), Online when it has income, then Unassigned (9999) and Cancelled (1111); the
 * store's total revenue leaves the cancelled out.
 */
export function buildReport(storeId: number, dates: string[], incomeByDate: Map<string, DayIncome>, allStaff: (Pick<EmployeeDoc, '_id' | 'nickname' | 'fname' | 'archived'> & { role?: string })[]): Report {
  // The TBD placeholder and role none are no staff member: what was booked on them counts under Unassigned.
  const placeholders = new Set(allStaff.filter((e) => NOT_STAFF_ROLES.includes(e.role ?? '')).map((e) => String(e._id)));
  const staff = allStaff.filter((e) => !placeholders.has(String(e._id)));
  const totalsCents: Record<string, number> = {};
  const rows = dates.map((date) => {
    const incomeCents = unassignPlaceholders(incomeByDate.get(date) ?? {}, placeholders);
    let totalCents = 0;
    for (const [col, cents] of Object.entries(incomeCents)) {
      totalsCents[col] = (totalsCents[col] ?? 0) + cents;
      if (Number(col) !== CANCEL_COLUMN) totalCents += cents;
    }
    return { date, incomeCents, totalCents };
  });
  const columns: Report['columns'] = [];
  const seen = new Set<number>();
  for (const e of staff) {
    if (e.archived && !totalsCents[String(e._id)]) continue;
    columns.push({ id: e._id, name: displayName(e) || `Staff ${e._id}` });
    seen.add(e._id);
  }
  // Income of someone no longer on the staff list still shows, under their id.
  for (const col of Object.keys(totalsCents).map(Number).sort((a, b) => a - b)) {
    if (seen.has(col) || col in COLUMN_NAMES) continue;
    columns.push({ id: col, name: `Staff ${col}` });
  }
  if (totalsCents[String(ONLINE_COLUMN)]) columns.push({ id: ONLINE_COLUMN, name: COLUMN_NAMES[ONLINE_COLUMN] });
  columns.push({ id: UNASSIGNED_COLUMN, name: COLUMN_NAMES[UNASSIGNED_COLUMN] }, { id: CANCEL_COLUMN, name: COLUMN_NAMES[CANCEL_COLUMN] });
  const totalCents = rows.reduce((s, r) => s + r.totalCents, 0);
  return { storeId, columns, rows, totalsCents, totalCents };
}

/** A day's income with the placeholders' columns added to Unassigned. */
function unassignPlaceholders(income: DayIncome, placeholders: Set<string>): DayIncome {
  if (!Object.keys(income).some((col) => placeholders.has(col))) return income;
  const out: DayIncome = {};
  for (const [col, cents] of Object.entries(income)) {
    const to = placeholders.has(col) ? String(UNASSIGNED_COLUMN) : col;
    out[to] = (out[to] ?? 0) + cents;
  }
  return out;
}

/** Every date from `from` to `to`, both included, as calendar days (no clock arithmetic, so no DST drift). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`).getTime();
  while (d.getTime() <= end) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}
