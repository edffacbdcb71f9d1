import '@mantine/dates/styles.css';
import { Paper, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useLocations } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { StorePage } from '../page-frame/store-page';
import { ReportActions } from '../reports/report-actions';
import { reportQuery, shortDate } from '../reports/report-model';
import { useFranchiseReport, type FranchiseQuery } from './franchise-model';
import { FranchiseResults } from './franchise-results';
import { LocationPicker } from './location-picker';

/**
 * /franchise-report: the owner's (or franchise manager's) locations and a range of days, then revenue per
 * location, staff member and day, with the store report's rules (docs/product/reports.md).
 */
export default function FranchiseReportPage() {
  const locations = useLocations();
  const [picked, setPicked] = useState<string[] | null>(null);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [asked, setAsked] = useState<FranchiseQuery | null>(null);
  const report = useFranchiseReport(asked);

  if (locations.isPending) return <LoadingState />;
  if (locations.isError) return <ErrorState message={locations.error.message} onRetry={() => void locations.refetch()} />;
  const stores = locations.data;
  const chosen = picked ?? stores.map((s) => String(s.id));
  const days = reportQuery({ mode: 'range', range });
  const problem = !chosen.length ? 'Choose at least one location.' : 'problem' in days ? days.problem : null;
  const run = () => {
    if (!('query' in days) || !chosen.length) return;
    setAsked({ ...days.query, storeIds: chosen.join(',') });
  };

  return (
    <StorePage title="Franchise Report" size="xl">
      {!stores.length ? (
        <EmptyState>No locations yet.</EmptyState>
      ) : (
        <Paper withBorder radius="md" p="md" component="section" aria-label="Locations and days of the report">
          <Stack gap="sm" align="flex-start">
            <LocationPicker locations={stores} chosen={chosen} onChange={setPicked} />
            <DatePicker type="range" value={range} onChange={setRange} allowSingleDateInRange numberOfColumns={1} aria-label="Date range" nextLabel="Next month" previousLabel="Previous month" hideOutsideDates weekendDays={[]} />
            <Text size="sm" c="dimmed" aria-live="polite">
              {problem ?? ('query' in days && 'from' in days.query ? `${chosen.length} location(s), ${shortDate(days.query.from)} to ${shortDate(days.query.to)}` : '')}
            </Text>
            <ReportActions onReset={() => { setRange([null, null]); setAsked(null); }} onRun={run} disabled={problem !== null} running={report.isFetching} />
          </Stack>
        </Paper>
      )}
      {asked && report.isPending && <LoadingState />}
      {asked && report.isError && <ErrorState message={report.error.message} onRetry={() => void report.refetch()} />}
      {report.data && <FranchiseResults report={report.data} />}
    </StorePage>
  );
}
