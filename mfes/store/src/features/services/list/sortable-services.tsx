import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Stack } from '@mantine/core';
import type { ListOrder } from '../../page-frame/use-list-order';
import type { Service } from '../service-model';
import { ServiceCard } from './service-card';

/** The services' list, sortable by pointer, touch (after a short press) and keyboard while reordering. */
export function SortableServices({ order, isOwner }: { order: ListOrder<Service>; isOwner: boolean }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { list } = order;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={order.onDragEnd}>
      <SortableContext items={list.map((s) => s.id)} strategy={verticalListSortingStrategy}>
        <Stack component="ul" gap="xs" p={0} m={0} aria-label="Services">
          {list.map((s, i) => (
            <ServiceCard key={s.id} service={s} isOwner={isOwner} reorder={order.reorder} onMove={order.move} first={i === 0} last={i === list.length - 1} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
