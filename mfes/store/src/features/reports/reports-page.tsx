import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Allowed } from '../staff/ui';
import { StorePage } from '../page-frame/store-page';
import { ReportDaysPicker, type DaysChoice } from './report-days-picker';
import { useReport } from './report-model';
import { ReportResults } from './report-results';

const NO_DAYS: DaysChoice = { mode: 'range', days: [], range: [null, null] };

/** /reports: choose days or a range, Run Reports, then the table, the chart and the CSV (docs/product/reports.md). */
export function ReportsScreen() {
  const access = useStoreAccess();
  const storeId = Number(access.storeId);
  const [chosen, setChosen] = useState<DaysChoice>(NO_DAYS);
  const [asked, setAsked] = useState<{ dates: string } | { from: string; to: string } | null>(null);
  const report = useReport(storeId, asked);
  // Reset empties the days and the report but keeps the way of choosing.
  const reset = () => {
    setChosen((c) => ({ ...NO_DAYS, mode: c.mode }));
    setAsked(null);
  };

  return (
    <StorePage title="Reports" size="xl">
      <ReportDaysPicker value={chosen} onChange={setChosen} onReset={reset} onRun={setAsked} running={report.isFetching} />
      {asked && report.isPending && <LoadingState />}
      {asked && report.isError && <ErrorState message={report.error.message} onRetry={() => void report.refetch()} />}
      {report.data && <ReportResults report={report.data} />}
    </StorePage>
  );
}

export default function ReportsPage() {
  return (
    <Allowed rule="storeOwnerOrAdmin" redirect="/staffs">
      <ReportsScreen />
    </Allowed>
  );
}
