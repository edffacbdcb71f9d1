import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { isNotAvailable } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import type { Employee } from '../staff/model';
import { CustomerCard } from './customer-card';
import type { Customer } from './model';
import type { CustomerMerge } from './use-customer-merge';
import type { useCustomerSearch } from './use-customer-search';

/** The search's answer: loading, a problem, the prompt to type, none, or the cards and Show more. */
export function CustomerResults({ search, empty, results, staff, merge, onDetails }: {
  search: ReturnType<typeof useCustomerSearch>;
  empty: boolean;
  results: Customer[] | undefined;
  staff?: Employee[];
  merge: CustomerMerge;
  onDetails: (c: Customer) => void;
}) {
  const error = empty ? null : search.error;
  if (!empty && search.isPending) return <LoadingState label="Loading customers…" />;
  if (error) return isNotAvailable(error) ? <NotAvailable what="Customers" onRetry={() => search.refetch()} /> : <ErrorState message={error.message} onRetry={() => search.refetch()} />;
  if (empty) return <EmptyState>Type a first name, last name or phone to search.</EmptyState>;
  if (!results?.length) return <EmptyState>No customer</EmptyState>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {results.length}{search.data?.more ? '+' : ''} customer{results.length === 1 ? '' : 's'}
      </Text>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Customers">
        {results.map((c) => (
          <CustomerCard
            key={c.id}
            c={c}
            staff={staff}
            merge={merge.merge}
            keepId={merge.keepId}
            deleteId={merge.deleteId}
            onKeep={merge.keep}
            onDelete={merge.drop}
            onDetails={onDetails}
          />
        ))}
      </SimpleGrid>
      {search.hasNextPage && (
        <Button variant="subtle" loading={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
          Show more
        </Button>
      )}
    </Stack>
  );
}
