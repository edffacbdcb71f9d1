import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Stack } from '@mantine/core';
import { TurnRow } from './turn-row';

/**
 * The numbered turn order. Owner, admin and superadmin drag a name to a new place (mouse, touch, or keyboard:
 * space, arrows, space); the move is handed up to ask why before it is saved.
 */
export function TurnOrder({ list, standing, canReorder, locked, onMove }: {
  list: string[];
  standing: Map<string, number>;
  canReorder: boolean;
  /** a move waits for its reason: nothing else drags meanwhile */
  locked: boolean;
  onMove: (from: string, to: string) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(String(active.id), String(over.id));
  };
  const rows = (
    <Stack gap={6} role="list" aria-label="Turn order">
      {list.map((name, i) => (
        <div role="listitem" key={name}>
          <TurnRow name={name} position={i + 1} turns={standing.get(name)} sortable={canReorder && !locked} />
        </div>
      ))}
    </Stack>
  );
  if (!canReorder) return rows;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={list} strategy={verticalListSortingStrategy}>
        {rows}
      </SortableContext>
    </DndContext>
  );
}
