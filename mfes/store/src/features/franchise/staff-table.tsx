import { Table } from '@mantine/core';
import { dollars } from '../reports/report-model';
import type { StaffLine } from './franchise-model';

/** Revenue per staff member over the chosen days, with their location. */
export function StaffTable({ lines }: { lines: StaffLine[] }) {
  return (
    <div role="region" aria-label="Revenue per staff member" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table striped withTableBorder highlightOnHover aria-label="Revenue per staff member" fz="sm" data-testid="franchise-staff-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Location</Table.Th>
            <Table.Th scope="col">Staff</Table.Th>
            <Table.Th scope="col" ta="right">
              Revenue
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.key}>
              <Table.Td>{l.location}</Table.Td>
              <Table.Th scope="row" fw={500}>
                {l.staff}
              </Table.Th>
              <Table.Td ta="right">{dollars(l.cents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
