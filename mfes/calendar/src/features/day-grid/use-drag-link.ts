import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import type { CardBinding, DragLink } from './drag-link';

export const DragLinkContext = createContext<DragLink | null>(null);

const none = () => () => undefined;

/** A card's ref, its drag's props (kept gestures until dnd-kit is loaded, then dnd-kit's) and whether it is dragged. */
export function useCardDrag(id: number, draggable: boolean) {
  const link = useContext(DragLinkContext);
  const key = `a${id}`;
  const bound = useSyncExternalStore(link?.subscribe ?? none, () => link?.binding(key)) as CardBinding | undefined;
  const ref = useCallback((el: HTMLElement | null) => (el && link ? link.setNode(key, el) : undefined), [link, key]);
  useEffect(() => {
    const el = link?.node(key);
    if (bound && el) void link?.handOver(id, el);
  }, [link, key, id, bound]);
  if (!draggable || !link) return { ref, props: {}, isDragging: false };
  return bound ? { ref, props: bound.props, isDragging: bound.isDragging } : { ref, props: link.heldHandlers(id), isDragging: false };
}

/** A column's ref and whether a dragged card is over it. */
export function useColumnDrop(columnKey: string) {
  const link = useContext(DragLinkContext);
  const key = `col:${columnKey}`;
  const isOver = useSyncExternalStore(link?.subscribe ?? none, () => link?.binding(key) === true);
  const ref = useCallback((el: HTMLElement | null) => (el && link ? link.setNode(key, el) : undefined), [link, key]);
  return { ref, isOver };
}
