import { DndContext, DragOverlay, useDraggable, useDroppable } from '@dnd-kit/core';
import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { useLayoutEffect, useSyncExternalStore, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { DragLink } from './drag-link';
import { LiftedCard } from './grid-card';
import type { DayGridProps, GridColumn, Landing } from './grid-types';
import { useGridDrag } from './use-grid-drag';

export interface DragLayerProps extends Pick<DayGridProps, 'columns' | 'range' | 'open' | 'onMove' | 'canDrag'> {
  link: DragLink;
  gridRef: RefObject<HTMLDivElement | null>;
  landing: Landing | null;
  setLanding: Dispatch<SetStateAction<Landing | null>>;
}

const INSTRUCTIONS = 'To move an appointment, press space, use the arrow keys (up and down by 15 minutes, left and right by column), then press space to drop or escape to cancel.';

/**
 * The grid's drag, loaded on the first pointer over the grid or focus on a card (drag-link.ts): dnd-kit's
 * context with a draggable for each card that may move and a droppable for each column, set on the elements
 * the grid already drew, and the lifted card that follows the pointer above the grid.
 */
export default function DragLayer({ link, gridRef, columns, range, open, onMove, canDrag, landing, setLanding }: DragLayerProps) {
  const { sensors, onDragMove, onDragEnd, onDragCancel } = useGridDrag(gridRef, { columns, range, open, onMove }, setLanding);
  return (
    <DndContext sensors={sensors} onDragMove={onDragMove} onDragOver={onDragMove} onDragEnd={onDragEnd} onDragCancel={onDragCancel} accessibility={{ screenReaderInstructions: { draggable: INSTRUCTIONS } }}>
      {columns.map((c) => (
        <ColumnDrop key={c.key} link={link} column={c} />
      ))}
      {columns.flatMap((c) => c.items.filter((a) => canDrag?.(a)).map((a) => <CardDrag key={a.id} link={link} appointment={a} />))}
      {/* The lifted card follows the pointer above the grid (a card moved inside its column was clipped by it). */}
      <DragOverlay dropAnimation={null}>{landing ? <LiftedCard landing={landing} /> : null}</DragOverlay>
    </DndContext>
  );
}

function useNode(link: DragLink, key: string) {
  return useSyncExternalStore(link.subscribe, () => link.node(key));
}

function CardDrag({ link, appointment }: { link: DragLink; appointment: AppointmentView }) {
  const key = `a${appointment.id}`;
  const node = useNode(link, key);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: key, data: { appointment } });
  useLayoutEffect(() => setNodeRef(node), [node, setNodeRef]);
  useLayoutEffect(() => link.bind(key, { props: { ...attributes, ...listeners }, isDragging }), [link, key, attributes, listeners, isDragging]);
  useLayoutEffect(() => () => link.bind(key, undefined), [link, key]);
  return null;
}

function ColumnDrop({ link, column }: { link: DragLink; column: GridColumn }) {
  const node = useNode(link, `col:${column.key}`);
  const { setNodeRef, isOver } = useDroppable({ id: column.key, disabled: !column.droppable });
  useLayoutEffect(() => setNodeRef(node), [node, setNodeRef]);
  useLayoutEffect(() => link.bind(`col:${column.key}`, isOver), [link, column.key, isOver]);
  useLayoutEffect(() => () => link.bind(`col:${column.key}`, undefined), [link, column.key]);
  return null;
}
