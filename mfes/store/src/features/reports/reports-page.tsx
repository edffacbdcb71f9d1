import '@mantine/dates/styles.css';
import { Button, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { CANCEL_COLUMN, UNASSIGNED_COLUMN } from '@turnbook/domain/calendar-columns';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { Allowed } from '../staff/ui';
import { StorePage } from '../page-frame/store-page';
import { ReportActions } from './report-actions';
import { csvFileName, reportCsv } from './report-csv';
import { columnTitle, dollars, reportQuery, shortDate, useReport, type Choice, type Report } from './report-model';

/** The date column stays in view when a phone scrolls the table sideways. */
const STICKY_DATE = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)', whiteSpace: 'nowrap' } as const;

const ReportChart = lazy(() => import(/* webpackChunkName: "report-chart" */ './report-chart'));

function download(report: Report) {
  const url = URL.createObjectURL(new Blob([reportCsv(report)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = csvFileName(report);
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** The narrowest the table may get: a date column and a money column each (names wrap; '$1,234.00' does not). */
export const tableMinWidth = (columns: number) => 96 + (columns + 1) * 76;

export function ReportTable({ report }: { report: Report }) {
  const cell = (cents: number | undefined) => (cents ? dollars(cents) : '—');
  return (
    // Compact cells so a salon's staff, Unassigned, Cancelled and Total fit a laptop (1440 px); narrower
    // screens (a phone) scroll sideways, with the date kept in view. The region takes focus so keyboard
    // users can scroll it.
    <div role="region" aria-label="Report table" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table striped withTableBorder withColumnBorders highlightOnHover aria-label="Report" fz="sm" horizontalSpacing={6} verticalSpacing={4} miw={tableMinWidth(report.columns.length)} data-testid="report-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={STICKY_DATE}>Date</Table.Th>
            {report.columns.map((c) => (
              <Table.Th key={c.id} scope="col" ta="right" style={{ overflowWrap: 'anywhere' }}>
                {columnTitle(c.name)}
                {(c.id === CANCEL_COLUMN || c.id === UNASSIGNED_COLUMN) && (
                  <Text span size="xs" c="dimmed" display="block">
                    {c.id}
                  </Text>
                )}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((r) => (
            <Table.Tr key={r.date}>
              <Table.Th scope="row" fw={500} style={STICKY_DATE}>
                {shortDate(r.date)}
              </Table.Th>
              {report.columns.map((c) => (
                <Table.Td key={c.id} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {cell(r.incomeCents[String(c.id)])}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                {dollars(r.totalCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" style={STICKY_DATE}>Total</Table.Th>
            {report.columns.map((c) => (
              <Table.Th key={c.id} ta="right">
                {dollars(report.totalsCents[String(c.id)] ?? 0)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{dollars(report.totalCents)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}

/** /reports: choose days or a range, Run Reports, then the table, the chart and the CSV (docs/product/reports.md). */
export function ReportsScreen() {
  const access = useStoreAccess();
  const storeId = Number(access.storeId);
  const [mode, setMode] = useState<Choice['mode']>('range');
  const [days, setDays] = useState<string[]>([]);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [asked, setAsked] = useState<{ dates: string } | { from: string; to: string } | null>(null);
  const report = useReport(storeId, asked);

  const choice: Choice = mode === 'days' ? { mode, days } : { mode, range };
  const ready = reportQuery(choice);
  const reset = () => {
    setDays([]);
    setRange([null, null]);
    setAsked(null);
  };
  const run = () => {
    if ('query' in ready) setAsked(ready.query);
  };

  return (
    <StorePage title="Reports" size="xl">
      <Paper withBorder radius="md" p="md" component="section" aria-label="Days of the report">
        <Stack gap="sm" align="flex-start">
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as Choice['mode'])}
            data={[
              { value: 'range', label: 'Date range' },
              { value: 'days', label: 'Pick days' },
            ]}
            aria-label="How to choose days"
          />
          {mode === 'range' ? (
            <DatePicker type="range" value={range} onChange={setRange} allowSingleDateInRange numberOfColumns={1} aria-label="Date range" nextLabel="Next month" previousLabel="Previous month" hideOutsideDates weekendDays={[]} />
          ) : (
            <DatePicker type="multiple" value={days} onChange={setDays} numberOfColumns={1} aria-label="Days" nextLabel="Next month" previousLabel="Previous month" hideOutsideDates weekendDays={[]} />
          )}
          <Text size="sm" c="dimmed" aria-live="polite">
            {'problem' in ready
              ? ready.problem
              : 'dates' in ready.query
                ? `${ready.query.dates.split(',').length} day(s) chosen`
                : `${shortDate(ready.query.from)} to ${shortDate(ready.query.to)}`}
          </Text>
          <ReportActions onReset={reset} onRun={run} disabled={'problem' in ready} running={report.isFetching} />
        </Stack>
      </Paper>
      {asked && report.isPending && <LoadingState />}
      {asked && report.isError && <ErrorState message={report.error.message} onRetry={() => void report.refetch()} />}
      {report.data && (
        <Stack gap="md" component="section" aria-label="Report results">
          <Group justify="space-between" align="center">
            <Text fw={700} size="lg" role="status">
              Total store revenue: {dollars(report.data.totalCents)}
            </Text>
            <Button variant="light" onClick={() => download(report.data)} disabled={!report.data.rows.length}>
              Download CSV
            </Button>
          </Group>
          {report.data.rows.every((r) => !Object.keys(r.incomeCents).length) ? (
            <EmptyState>No income on the chosen days.</EmptyState>
          ) : (
            <Suspense fallback={<LoadingState label="Loading the chart…" />}>
              <ReportChart report={report.data} />
            </Suspense>
          )}
          <ReportTable report={report.data} />
        </Stack>
      )}
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
