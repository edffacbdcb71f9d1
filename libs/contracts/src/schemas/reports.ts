import { z } from 'zod';
import { Cents, DateString, Id } from './common';

/** The longest report: a year and a day (a leap year's range, end included). */
export const MAX_REPORT_DAYS = 366;

export const ReportParams = z.object({ storeId: Id });

/** Days between two YYYY-MM-DD dates, both included (calendar days, whatever the clock changes). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.UTC(+to.slice(0, 4), +to.slice(5, 7) - 1, +to.slice(8, 10)) - Date.UTC(+from.slice(0, 4), +from.slice(5, 7) - 1, +from.slice(8, 10))) / 86_400_000) + 1;
}

/**
 * The days of a report: `from` and `to` (a range, both included), or `dates` (chosen days, comma-separated),
 * at most MAX_REPORT_DAYS days, in the store's calendar.
 */
export const REPORT_DAYS_FIELDS = {
  from: DateString.optional(),
  to: DateString.optional(),
  dates: z
    .string()
    .max(MAX_REPORT_DAYS * 11)
    .transform((s) => [...new Set(s.split(',').map((d) => d.trim()).filter(Boolean))].sort())
    .pipe(z.array(DateString).min(1, 'must name at least one day').max(MAX_REPORT_DAYS, `must name at most ${MAX_REPORT_DAYS} days`))
    .optional(),
};
export const ReportQuery = z.object(REPORT_DAYS_FIELDS).superRefine(checkReportDays);

/** The days of a report, checked as ReportQuery checks them (the franchise report asks the same way). */
export function checkReportDays(q: { from?: string; to?: string; dates?: string[] }, ctx: z.RefinementCtx): void {
  if (q.dates) {
    if (q.from || q.to) ctx.addIssue({ code: 'custom', path: ['dates'], message: 'give either dates or from and to' });
    return;
  }
  if (!q.from) return void ctx.addIssue({ code: 'custom', path: ['from'], message: 'is required (or dates)' });
  if (!q.to) return void ctx.addIssue({ code: 'custom', path: ['to'], message: 'is required' });
  if (q.to < q.from) return void ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  if (daysInRange(q.from, q.to) > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_REPORT_DAYS} days after from, both included` });
}

/** A report column: a staff member, or Unassigned (9999) and Cancelled (1111). */
export const ReportColumn = z.object({ id: z.number().int(), name: z.string() });

/** Amounts by column id (as a string key), integer cents. */
const ByColumn = z.record(z.string(), Cents);

export const ReportRow = z.object({ date: DateString, incomeCents: ByColumn, totalCents: Cents });

/**
 * The report: one row per day asked, in date order; every column's total; the store's total revenue,
 * which leaves out the Cancelled column.
 */
export const ReportResponse = z.object({
  storeId: z.number().int(),
  columns: z.array(ReportColumn),
  rows: z.array(ReportRow),
  totalsCents: ByColumn,
  totalCents: Cents,
});

export type ReportQueryInput = z.input<typeof ReportQuery>;
export type Report = z.output<typeof ReportResponse>;
