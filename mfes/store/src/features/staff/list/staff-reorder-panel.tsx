import { Group, Stack, Text } from '@mantine/core';
import { ErrorState } from '@turnbook/web-kit/ui';
import { ReorderButtons } from '../../page-frame/reorder-buttons';
import type { ListOrder } from '../../page-frame/use-list-order';
import type { Employee } from '../model';
import { SortableStaff } from '../sortable-staff';

/** The staff in their working order, with how to move them, Cancel and Save. */
export function StaffReorderPanel({ order }: { order: ListOrder<Employee> }) {
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Drag the handles (or focus one and use Space and the arrow keys) to change the order.
      </Text>
      <SortableStaff items={order.list} onDragEnd={order.onDragEnd} />
      {order.error && <ErrorState message={order.error} />}
      <Group justify="flex-end">
        <ReorderButtons order={order} />
      </Group>
    </Stack>
  );
}
