import type { DragEndEvent } from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import type { UseQueryResult } from '@tanstack/react-query';
import { api, isApiError } from '@turnbook/web-kit';
import { useState } from 'react';
import type { Service } from '../service-model';

/** Reorder mode: a working copy of the order, moved by drag or arrows, saved one sort index at a time. */
export function useServiceOrder(services: UseQueryResult<Service[]>) {
  const [reorder, setReorder] = useState(false);
  const [order, setOrder] = useState<Service[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const list = reorder ? order ?? services.data ?? [] : services.data ?? [];
  const start = () => {
    setOrder(services.data ?? []);
    setError(null);
    setReorder(true);
  };
  const cancel = async () => {
    setReorder(false);
    setOrder(null);
    setError(null);
    await services.refetch();
  };
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const current = order ?? [];
      for (let i = 0; i < current.length; i++) {
        await api.post('POST updateServiceSortIndex/{id}', { sortIndex: i }, { id: current[i].id });
      }
      await services.refetch();
      setReorder(false);
      setOrder(null);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The new order could not be saved.');
    } finally {
      setSaving(false);
    }
  };
  const move = (id: number, delta: number) =>
    setOrder((o) => {
      const cur = o ?? [];
      const from = cur.findIndex((s) => s.id === id);
      const to = from + delta;
      return from < 0 || to < 0 || to >= cur.length ? cur : arrayMove(cur, from, to);
    });
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    setOrder((o) => {
      const cur = o ?? [];
      const from = cur.findIndex((s) => s.id === e.active.id);
      const to = cur.findIndex((s) => s.id === e.over!.id);
      return from < 0 || to < 0 ? cur : arrayMove(cur, from, to);
    });
  };

  return { reorder, list, saving, error, start, cancel, save, move, onDragEnd };
}

export type ServiceOrder = ReturnType<typeof useServiceOrder>;
