import { Button, Group, Stack, Text } from '@mantine/core';
import { EmptyState, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense } from 'react';
import { csvFileName, reportCsv } from './report-csv';
import { dollars, type Report } from './report-model';
import { ReportTable } from './report-table';

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

/** A report's total, Download CSV, the chart (or 'no income') and the table. */
export function ReportResults({ report }: { report: Report }) {
  return (
    <Stack gap="md" component="section" aria-label="Report results">
      <Group justify="space-between" align="center">
        <Text fw={700} size="lg" role="status">
          Total store revenue: {dollars(report.totalCents)}
        </Text>
        <Button variant="light" onClick={() => download(report)} disabled={!report.rows.length}>
          Download CSV
        </Button>
      </Group>
      {report.rows.every((r) => !Object.keys(r.incomeCents).length) ? (
        <EmptyState>No income on the chosen days.</EmptyState>
      ) : (
        <Suspense fallback={<LoadingState label="Loading the chart…" />}>
          <ReportChart report={report} />
        </Suspense>
      )}
      <ReportTable report={report} />
    </Stack>
  );
}
