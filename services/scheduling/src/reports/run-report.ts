import type { QueryOf, ResponseOf } from '@turnbook/contracts';
import type { StoreConfigs } from '../store-config/config-read-model';
import { buildReport, datesBetween } from './aggregate';
import type { ReportDays } from './report-days';

export interface RunReportDeps {
  configs: Pick<StoreConfigs, 'read'>;
  reportDays: Pick<ReportDays, 'incomeOf'>;
}

type Query = Pick<QueryOf<'GET getReportByStoreIdAndRange/{storeId}'>, 'from' | 'to' | 'dates'>;

/** The days a report covers: the chosen ones, or every day of the range (store calendar days). */
export const reportDates = (q: Query): string[] => q.dates ?? datesBetween(q.from!, q.to!);

/** getReportByStoreIdAndRange: each column's income per asked day, totals and the store's revenue. */
export async function runReport(deps: RunReportDeps, storeId: number, q: Query): Promise<ResponseOf<'GET getReportByStoreIdAndRange/{storeId}'>> {
  const dates = reportDates(q);
  const [config, income] = await Promise.all([deps.configs.read(storeId), deps.reportDays.incomeOf(storeId, dates)]);
  return buildReport(storeId, dates, income, config.staff);
}
