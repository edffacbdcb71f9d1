import { Table, Text } from '@mantine/core';
import { CANCEL_COLUMN, UNASSIGNED_COLUMN } from '@turnbook/domain/calendar-columns';
import { columnTitle, dollars, shortDate, type Report } from './report-model';

/** The date column stays in view when a phone scrolls the table sideways. */
const STICKY_DATE = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)', whiteSpace: 'nowrap' } as const;

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
