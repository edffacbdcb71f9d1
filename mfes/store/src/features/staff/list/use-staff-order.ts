import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { useState } from 'react';
import { staffKeys, type Employee } from '../model';

/** Reorder mode: a working copy of the staff's order (null when not reordering), saved one sort index at a time. */
export function useStaffOrder(storeId: number | undefined, staff: UseQueryResult<Employee[]>) {
  const qc = useQueryClient();
  const [order, setOrder] = useState<Employee[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const start = () => {
    setSaveError(null);
    setOrder(staff.data ?? []);
  };
  const save = async () => {
    if (!order) return;
    setSaving(true);
    setSaveError(null);
    try {
      for (const [i, e] of order.entries()) await api.post('POST updateEmployeeSortIndex/{id}', { sortIndex: i }, { id: e.id });
      await qc.invalidateQueries({ queryKey: staffKeys.list(storeId) });
      setOrder(null);
    } catch (e) {
      setSaveError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const cancel = async () => {
    setOrder(null);
    setSaveError(null);
    await staff.refetch();
  };

  return { order, setOrder, saving, saveError, start, save, cancel };
}

export type StaffOrder = ReturnType<typeof useStaffOrder>;
