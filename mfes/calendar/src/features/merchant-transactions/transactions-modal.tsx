import { Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { dayStartMillis, transactionRows } from './transactions-model';

/** The day's card payments from the salon's terminal (loaded on the first opening). */
export default function TransactionsModal({ storeId, date, zone, title, onClose }: { storeId: number; date: string; zone: string; title: string; onClose: () => void }) {
  const start = dayStartMillis(date, zone);
  const q = useQuery({
    queryKey: ['billing', 'transactions', storeId, start],
    queryFn: () => api.get('GET getMerchantTransactions/{dayStartMillis}', { dayStartMillis: start }, { query: { storeId } }),
  });
  let content;
  if (q.isPending) content = <LoadingState label="Loading transactions…" />;
  else if (q.isError) content = <ErrorState message="The transactions could not be loaded." onRetry={() => void q.refetch()} />;
  else {
    const rows = transactionRows(q.data, zone);
    content =
      rows.length === 0 ? (
        <EmptyState />
      ) : (
        <Table striped aria-label="Card payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Employee</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.time}</Table.Td>
                <Table.Td>{r.amount}</Table.Td>
                <Table.Td tt="capitalize">{r.employee}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
  }
  return (
    <Modal opened onClose={onClose} title={`Transactions · ${title}`} centered size="lg">
      {content}
      {q.isSuccess && q.data.transactions.elements.length > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          {q.data.transactions.elements.length} card payment{q.data.transactions.elements.length === 1 ? '' : 's'}
        </Text>
      )}
    </Modal>
  );
}
