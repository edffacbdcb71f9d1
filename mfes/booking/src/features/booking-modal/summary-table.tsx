import { Table } from '@mantine/core';
import type { SummaryRow } from './booking-summary';

/** The booking's rows (review and thank-you), as a two-column table a screen reader reads row by row. */
export function SummaryTable({ rows, label }: { rows: SummaryRow[]; label: string }) {
  return (
    <Table aria-label={label} verticalSpacing={4} withRowBorders={false}>
      <Table.Tbody>
        {rows.map((r, i) => (
          <Table.Tr key={i}>
            <Table.Th scope="row" fw={500} c="dimmed" w={90} style={{ verticalAlign: 'top' }}>
              {r.label}
            </Table.Th>
            <Table.Td>{r.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
