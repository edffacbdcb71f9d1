import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { EmptyState, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense } from 'react';
import { csvFileName, reportCsv } from '../reports/report-csv';
import { dollars } from '../reports/report-model';
import { ReportTable } from '../reports/report-table';
import { byLocation, byStaff, staffCsv, type FranchiseReport } from './franchise-model';
import { StaffTable } from './staff-table';

const ReportChart = lazy(() => import(/* webpackChunkName: "report-chart" */ '../reports/report-chart'));

function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** The consolidated report: revenue per location and day (chart, table, CSV), then per staff member (table, CSV). */
export function FranchiseResults({ report }: { report: FranchiseReport }) {
  const locations = byLocation(report);
  const staff = byStaff(report);
  return (
    <Stack gap="md" component="section" aria-label="Report results">
      <Group justify="space-between" align="center">
        <Text fw={700} size="lg" role="status">
          Total revenue, {report.locations.length} locations: {dollars(report.totalCents)}
        </Text>
        <Group gap="xs">
          <Button variant="light" onClick={() => saveFile(`franchise-${csvFileName(locations)}`, reportCsv(locations))}>
            Download CSV
          </Button>
          <Button variant="default" onClick={() => saveFile(`franchise-staff-${csvFileName(locations)}`, staffCsv(staff))} disabled={!staff.length}>
            Staff CSV
          </Button>
        </Group>
      </Group>
      {report.totalCents === 0 ? (
        <EmptyState>No income on the chosen days.</EmptyState>
      ) : (
        <Suspense fallback={<LoadingState label="Loading the chart…" />}>
          <ReportChart report={locations} />
        </Suspense>
      )}
      <Title order={2} size="h4">
        Per location and day
      </Title>
      <ReportTable report={locations} />
      <Title order={2} size="h4">
        Per staff member
      </Title>
      <StaffTable lines={staff} />
    </Stack>
  );
}
