import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ResponseOf } from '@turnbook/contracts/api/index';
import { displayName } from '@turnbook/domain';

type MyDay = ResponseOf<'GET myDayAcrossStores/{storeId}/{date}'>['appointments'];

/** The list of MyDayAcrossStores, loaded when the viewer is booked at another store that day too. */
export default function MyDayList({ storeId, list }: { storeId: number; list: MyDay }) {
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
