import { z } from 'zod';
import { Cents, DateString, Email, Id } from './common';
import { checkReportDays, REPORT_DAYS_FIELDS, ReportResponse } from './reports';

/** The most locations one consolidated report reads (a franchise-sized account: docs/product/reports.md). */
export const MAX_FRANCHISE_LOCATIONS = 100;

/** A store's franchise managers, as the owner sees them (docs/product/roles.md). */
export const StoreManager = z.object({ userId: z.number().int(), email: z.string() });
export const StoreManagersResponse = z.object({ managers: z.array(StoreManager) });
export const StoreManagerParams = z.object({ storeId: Id });
export const StoreManagerUserParams = z.object({ storeId: Id, userId: Id });
export const GrantManagerBody = z.object({ email: Email });

/**
 * The consolidated report's question: the locations (store ids, comma-separated; each must be one the caller
 * owns or manages) and the days, asked as the store report asks them.
 */
export const FranchiseReportQuery = z
  .object({
    storeIds: z
      .string()
      .max(MAX_FRANCHISE_LOCATIONS * 17)
      .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))])
      .pipe(z.array(z.string().regex(/^\d{1,15}$/, 'must be store ids, comma-separated').transform(Number)).min(1, 'must name at least one location').max(MAX_FRANCHISE_LOCATIONS, `must name at most ${MAX_FRANCHISE_LOCATIONS} locations`)),
    ...REPORT_DAYS_FIELDS,
  })
  .superRefine(checkReportDays);

/** One location's part: its store report (what was checked out, per staff member and day) and its name. */
export const FranchiseLocation = ReportResponse.extend({ name: z.string(), permalink: z.string() });

/** A day across the chosen locations: each location's revenue that day and their sum. */
export const FranchiseDay = z.object({ date: DateString, byStore: z.record(z.string(), Cents), totalCents: Cents });

export const FranchiseReportResponse = z.object({
  locations: z.array(FranchiseLocation),
  days: z.array(FranchiseDay),
  totalCents: Cents,
});

export type FranchiseReport = z.output<typeof FranchiseReportResponse>;
export type FranchiseReportQueryInput = z.input<typeof FranchiseReportQuery>;
