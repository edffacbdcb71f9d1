import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { displayName } from '@turnbook/domain';
import { api } from '@turnbook/web-kit';
import { calendarKeys } from '../calendar-data/calendar-keys';

/**
 * The viewer's own day across the stores they work at (issue 35): when they have appointments that date
 * at another store too, every one of theirs is listed by start, each labelled with its store, so the
 * calendar of one store shows where else they are booked (docs/product/availability.md).
 */
export function MyDayAcrossStores({ storeId, date }: { storeId: number; date: string }) {
  const day = useQuery({
    queryKey: calendarKeys.myDay(storeId, date),
    queryFn: async () => (await api.get('GET myDayAcrossStores/{storeId}/{date}', { storeId, date })).appointments,
  });
  const list = day.data ?? [];
  if (!list.some((a) => a.storeId !== storeId)) return null;
  return (
    <Paper withBorder p="xs" component="section" aria-labelledby="my-day-across-stores">
      <Title order={2} size="h5" id="my-day-across-stores">Your day across stores</Title>
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {list.map((a) => (
          <Group key={`${a.storeId}-${a.id}`} component="li" gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>{a.start} - {a.end}</Text>
            <Badge variant={a.storeId === storeId ? 'filled' : 'light'} tt="none">
              {displayName(a.storeName)}{a.storeId === storeId ? ' (this store)' : ''}
            </Badge>
            <Text size="sm">{[a.services, displayName(a.customerName)].filter(Boolean).join(' · ')}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
