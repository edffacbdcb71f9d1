import type { QueryOf, ResponseOf } from '@turnbook/contracts';
import type { StoreConfigs } from '../store-config/config-read-model';
import { buildReport } from '../reports/aggregate';
import type { ReportDays } from '../reports/report-days';
import { reportDates } from '../reports/run-report';

export interface FranchiseReportDeps {
  configs: Pick<StoreConfigs, 'read'>;
  reportDays: Pick<ReportDays, 'incomeOf'>;
}

type Query = QueryOf<'GET getFranchiseReport'>;
type Answer = ResponseOf<'GET getFranchiseReport'>;

/**
 * getFranchiseReport: each chosen location's store report (what was checked out, per staff member and day,
 * the store report's own rules and kept totals), then each day's revenue per location and the sum. The
 * router has checked every location against the caller before this runs.
 */
export async function franchiseReport(deps: FranchiseReportDeps, q: Query, receivedAt?: number): Promise<Answer> {
  const dates = reportDates(q);
  // A location at a time would add up 50 round trips: all at once, each with its plain equality reads (FerretDB
  // decodes a whole collection for an `$in`, docs/decisions.md). Each config joins the stamp read the access
  // check started for this request (`receivedAt`) instead of reading it again.
  const locations = await Promise.all(
    q.storeIds.map(async (storeId) => {
      const [{ store, staff }, income] = await Promise.all([deps.configs.read(storeId, receivedAt), deps.reportDays.incomeOf(storeId, dates)]);
      return { ...buildReport(storeId, dates, income, staff), name: store?.name ?? `Store ${storeId}`, permalink: store?.permalink ?? '' };
    }),
  );
  const days = dates.map((date, i) => {
    const byStore: Record<string, number> = {};
    for (const l of locations) byStore[String(l.storeId)] = l.rows[i].totalCents;
    return { date, byStore, totalCents: locations.reduce((sum, l) => sum + l.rows[i].totalCents, 0) };
  });
  return { locations, days, totalCents: locations.reduce((sum, l) => sum + l.totalCents, 0) };
}
