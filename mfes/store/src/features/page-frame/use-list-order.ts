import type { DragEndEvent } from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/** What differs between the lists that reorder (services, staff). */
export interface ListOrderOptions<T> {
  /** Saves one item's new sort index; called once per item, in the new order, one after the other. */
  saveSortIndex: (item: T, sortIndex: number) => Promise<unknown>;
  /** Reloads the list once every index is saved. */
  refresh: () => Promise<unknown>;
  /** The text shown when a save fails. */
  errorText: (e: unknown) => string;
}

/**
 * Reorder mode of a list: a working copy of its order (null when not reordering), moved by drag or
 * arrows, saved one sort index at a time, then the list refreshed. Cancel drops the copy and reloads.
 */
export function useListOrder<T extends { id: number }>(query: UseQueryResult<T[]>, { saveSortIndex, refresh, errorText }: ListOrderOptions<T>) {
  const [order, setOrder] = useState<T[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reorder = order !== null;
  const list = order ?? query.data ?? [];
  const start = () => {
    setError(null);
    setOrder(query.data ?? []);
  };
  const cancel = async () => {
    setOrder(null);
    setError(null);
    await query.refetch();
  };
  const save = async () => {
    if (!order) return;
    setSaving(true);
    setError(null);
    try {
      for (const [i, item] of order.entries()) await saveSortIndex(item, i);
      await refresh();
      setOrder(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  // Outside reorder mode there is no copy to move (null stays null: the mode is `order !== null`).
  const move = (id: number, delta: number) =>
    setOrder((cur) => {
      if (!cur) return cur;
      const from = cur.findIndex((x) => x.id === id);
      const to = from + delta;
      return from < 0 || to < 0 || to >= cur.length ? cur : arrayMove(cur, from, to);
    });
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const overId = e.over.id;
    setOrder((cur) => {
      if (!cur) return cur;
      const from = cur.findIndex((x) => x.id === e.active.id);
      const to = cur.findIndex((x) => x.id === overId);
      return from < 0 || to < 0 ? cur : arrayMove(cur, from, to);
    });
  };

  return { reorder, list, saving, error, start, cancel, save, move, onDragEnd };
}

export type ListOrder<T extends { id: number }> = ReturnType<typeof useListOrder<T>>;
