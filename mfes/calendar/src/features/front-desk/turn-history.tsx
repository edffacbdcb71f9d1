import { Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TurnHistoryEntry } from '@turnbook/contracts/schemas/frontdesk';
import { api } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { calendarKeys } from '../calendar-data/calendar-keys';
import { displayName } from '@turnbook/domain/text/names';


/** What each kind of change reads like in the history. */
export function describeEntry(e: Pick<TurnHistoryEntry, 'kind' | 'staff' | 'weight'>): string {
  switch (e.kind) {
    case 'created':
      return 'Day started';
    case 'checkin':
      return `${displayName(e.staff?.name) || 'Staff'} checked in${e.weight === 0.5 ? ' (half turn)' : e.weight === 0 ? ' (not counted)' : ''}`;
    case 'undo-checkin':
      return `${displayName(e.staff?.name) || 'Staff'}'s check-in undone`;
    case 'reorder':
      return 'Order changed by hand';
  }
}

/** The day's turn changes, newest first: who, when (the store's clock), what and why (owner, admin, superadmin). */
export default function TurnHistory({ storeId, date, timeZone, onClose }: { storeId: number; date: string; timeZone: string; onClose: () => void }) {
  const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', timeZone });
  const history = useQuery({
    queryKey: calendarKeys.turnHistory(storeId, date),
    queryFn: async () => (await api.get('GET getTurnHistory/{storeId}/{date}', { storeId, date })).entries,
  });
  let body: React.ReactNode;
  if (history.isPending) body = <LoadingState label="Loading the turn history…" />;
  else if (history.isError) body = <ErrorState message={history.error.message} onRetry={() => void history.refetch()} />;
  else if (!history.data.length) body = <EmptyState>No change yet</EmptyState>;
  else
    body = (
      <Table striped aria-label="Turn history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Why</Table.Th>
            <Table.Th>Order after</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...history.data].reverse().map((e) => (
            <Table.Tr key={e.seq}>
              <Table.Td>{time.format(new Date(e.at))}</Table.Td>
              <Table.Td>{displayName(e.by.name)}</Table.Td>
              <Table.Td>{describeEntry(e)}</Table.Td>
              <Table.Td>{e.kind === 'reorder' ? (e.reason ?? <Text span size="sm">No reason given</Text>) : ''}</Table.Td>
              <Table.Td>{e.order.map(displayName).join(', ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  return (
    <Modal opened onClose={onClose} title="Turn history" size="xl" centered>
      {body}
    </Modal>
  );
}
