import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api, isNotAvailable } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { AdminPage } from '../page-frame/admin-page';
import { periodText } from './period';

interface StorePackage {
  id?: number | string;
  packageId?: string;
  product?: string;
  price?: number;
  storeName?: string;
  expiration?: string | null;
  current_period_start?: number | null;
  current_period_end?: number | null;
}

function PackageCard({ storeId, pkg, failed }: { storeId: number | string; pkg?: StorePackage; failed: boolean }) {
  const expiration = pkg?.expiration || 'inactive';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Store ${storeId}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} tt="capitalize">
            {pkg?.storeName ?? `Store ${storeId}`}
          </Text>
          <Badge color={expiration === 'inactive' ? 'gray' : 'green'} variant="light">
            {expiration}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          ID {storeId}
        </Text>
        {failed ? (
          <Text size="sm" c="red">
            The package could not be loaded.
          </Text>
        ) : (
          <>
            <Text size="sm">Package: {pkg?.product || '—'}</Text>
            <Text size="sm">Current period: {periodText(pkg?.current_period_start, pkg?.current_period_end) || '—'}</Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** /admin-subscriptions: one card per subscribed store (docs/product/README.md). */
export default function SubscriptionsPage() {
  const subs = useQuery({ queryKey: ['admin', 'subs'], queryFn: () => api.get<{ client_ids: { id: number | string }[] }>('GET getAllSub') });
  const ids = subs.data?.client_ids?.map((c) => c.id) ?? [];
  const packages = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['admin', 'package', id],
      queryFn: () => api.get<StorePackage>('GET getPackageByStoreId/{storeId}', { storeId: id }),
    })),
  });

  let content;
  if (subs.isPending || packages.some((p) => p.isPending)) content = <LoadingState label="Loading subscriptions…" />;
  else if (subs.isError)
    content = isNotAvailable(subs.error) ? <NotAvailable what="Subscriptions" /> : <ErrorState message={subs.error.message} onRetry={() => subs.refetch()} />;
  else if (ids.length === 0) content = <EmptyState />;
  else
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {ids.map((id, i) => (
          <PackageCard key={id} storeId={id} pkg={packages[i]?.data} failed={Boolean(packages[i]?.isError)} />
        ))}
      </SimpleGrid>
    );
  return <AdminPage title="Subscriptions">{content}</AdminPage>;
}
