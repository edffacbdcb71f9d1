import { Group, Stack, Text } from '@mantine/core';
import { ErrorState } from '@turnbook/web-kit/ui';
import { ReorderButtons } from '../../page-frame/reorder-buttons';
import type { Employee } from '../model';
import { SortableStaff } from '../sortable-staff';
import type { StaffOrder } from './use-staff-order';

/** The staff in their working order, with how to move them, Cancel and Save. */
export function StaffReorderPanel({ items, order }: { items: Employee[]; order: StaffOrder }) {
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Drag the handles (or focus one and use Space and the arrow keys) to change the order.
      </Text>
      <SortableStaff items={items} onChange={order.setOrder} />
      {order.saveError && <ErrorState message={order.saveError} />}
      <Group justify="flex-end">
        <ReorderButtons order={order} />
      </Group>
    </Stack>
  );
}
