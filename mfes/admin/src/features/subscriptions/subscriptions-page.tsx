import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SubscriptionView } from '@turnbook/contracts/schemas/billing';
import { api, isNotAvailable } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { AdminPage } from '../page-frame/admin-page';
import { periodText } from './period';

type Subscription = z.infer<typeof SubscriptionView>;

function SubscriptionCard({ sub }: { sub: Subscription }) {
  const expiration = sub.expiration || 'inactive';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Store ${sub.id}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} tt="capitalize">
            {sub.storeName}
          </Text>
          <Badge color={expiration === 'active' ? 'green' : 'gray'} variant="light">
            {expiration}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          ID {sub.id}
        </Text>
        <Text size="sm">Package: {sub.product || '—'}</Text>
        <Text size="sm">Current period: {periodText(sub.current_period_start, sub.current_period_end) || '—'}</Text>
      </Stack>
    </Card>
  );
}

/**
 * /admin-subscriptions: one card per subscribed store. getAllSub answers each store's subscription whole,
 * so the page needs no per-store package call (docs/product/billing-screens.md).
 */
export default function SubscriptionsPage() {
  const subs = useQuery({ queryKey: ['admin', 'subs'], queryFn: () => api.get('GET getAllSub') });

  let content;
  if (subs.isPending) content = <LoadingState label="Loading subscriptions…" />;
  else if (subs.isError)
    content = isNotAvailable(subs.error) ? <NotAvailable what="Subscriptions" onRetry={() => void subs.refetch()} /> : <ErrorState message={subs.error.message} onRetry={() => void subs.refetch()} />;
  else if (subs.data.client_ids.length === 0) content = <EmptyState />;
  else
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {subs.data.client_ids.map((s) => (
          <SubscriptionCard key={s.id} sub={s} />
        ))}
      </SimpleGrid>
    );
  return <AdminPage title="Subscriptions">{content}</AdminPage>;
}
