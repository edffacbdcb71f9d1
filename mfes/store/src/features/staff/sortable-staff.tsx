import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { type Employee, staffName } from './model';
import { GripIcon, StaffAvatar } from './ui';

function SortableRow({ employee, position }: { employee: Employee; position: number }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: employee.id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      shadow={isDragging ? 'md' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined, position: 'relative' }}
      data-testid="sortable-staff"
    >
      <Group wrap="nowrap" gap="sm">
        <UnstyledButton
          {...attributes}
          {...listeners}
          aria-label={`Drag ${staffName(employee)}, position ${position}`}
          style={{ cursor: 'grab', touchAction: 'none', padding: 6, display: 'flex' }}
        >
          <GripIcon />
        </UnstyledButton>
        <StaffAvatar employee={employee} size={40} />
        <Text fw={600}>{staffName(employee)}</Text>
      </Group>
    </Paper>
  );
}

/** The reorder mode of the staff list: drag handles (mouse, touch, keyboard: space then arrows). */
export function SortableStaff({ items, onDragEnd }: { items: Employee[]; onDragEnd: (e: DragEndEvent) => void }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((e) => e.id)} strategy={verticalListSortingStrategy}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} role="list" aria-label="Staff order">
          {items.map((e, i) => (
            <div role="listitem" key={e.id}>
              <SortableRow employee={e} position={i + 1} />
            </div>
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}
