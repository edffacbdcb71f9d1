import {
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { useMemo, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { dropEnd, dropStart, outsideOpen } from './grid-model';
import { SLOT_PX, type DayGridProps, type Landing } from './grid-types';

/** A card's drag: the sensors (mouse, long press, keyboard), where it would land now (kept by the grid), and the move at the drop. */
export function useGridDrag(
  gridRef: RefObject<HTMLDivElement | null>,
  { columns, range, open, onMove }: Pick<DayGridProps, 'columns' | 'range' | 'open' | 'onMove'>,
  setLanding: Dispatch<SetStateAction<Landing | null>>,
) {
  const keyboard = useMemo(() => keyboardMoves(gridRef), [gridRef]);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A long press lifts a card; a quick swipe still scrolls the grid sideways or down.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    // Instant scrolls: a drop reads the scroll into its delta, and a smooth scroll still under way would be cut short.
    useSensor(KeyboardSensor, { coordinateGetter: keyboard, scrollBehavior: 'auto' }),
  );
  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const landingOf = (e: DragMoveEvent | DragEndEvent): Landing | null => {
    const a = e.active.data.current?.appointment as AppointmentView | undefined;
    const target = e.over ? byKey.get(String(e.over.id)) : undefined;
    if (!a || !target || target.staffId === undefined || !target.droppable) return null;
    const startMin = dropStart(a, Math.round(e.delta.y / SLOT_PX), range);
    const endMin = dropEnd(a, startMin, range);
    // A card that only changes column keeps its time, even one already outside the hours (a 3 am walk-in).
    const outside = startMin !== a.startMin && outsideOpen(open, startMin, endMin);
    return { appointment: a, staffId: target.staffId, startMin, endMin, key: target.key, outside };
  };
  const onDragMove = (e: DragMoveEvent) => {
    const next = landingOf(e);
    setLanding((l) => (l?.key === next?.key && l?.startMin === next?.startMin ? l : next));
  };
  const onDragEnd = (e: DragEndEvent) => {
    setLanding(null);
    const l = landingOf(e);
    if (!l || (l.startMin === l.appointment.startMin && l.staffId === l.appointment.staffId)) return;
    onMove?.({ appointment: l.appointment, staffId: l.staffId, startMin: l.startMin });
  };
  return { sensors, onDragMove, onDragEnd, onDragCancel: () => setLanding(null) };
}

/** Keyboard moves of a lifted card: up and down by one slot, left and right by one column. */
function keyboardMoves(grid: { current: HTMLDivElement | null }): KeyboardCoordinateGetter {
  return (event, { currentCoordinates }) => {
    const col = grid.current?.querySelector('[data-col-body]')?.getBoundingClientRect().width ?? 150;
    // When the card is past the middle of the view, dnd-kit scrolls the page a slot instead of moving the card
    // and does not stop the browser's own arrow scroll (40px): the drop then landed a slot too far.
    if (event.code.startsWith('Arrow')) event.preventDefault();
    switch (event.code) {
      case 'ArrowDown':
        return { ...currentCoordinates, y: currentCoordinates.y + SLOT_PX };
      case 'ArrowUp':
        return { ...currentCoordinates, y: currentCoordinates.y - SLOT_PX };
      case 'ArrowRight':
        return { ...currentCoordinates, x: currentCoordinates.x + col };
      case 'ArrowLeft':
        return { ...currentCoordinates, x: currentCoordinates.x - col };
      default:
        return undefined;
    }
  };
}
