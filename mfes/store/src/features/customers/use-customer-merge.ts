import { useQueryClient } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { confirm } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { customerName, type Customer } from './model';

/** The owner's merge mode: one customer to keep, one to delete, and Merge (asked first). */
export function useCustomerMerge(results: Customer[] | undefined) {
  const qc = useQueryClient();
  const [merge, setMerge] = useState(false);
  const [keepId, setKeepId] = useState<number | null>(null);
  const [deleteId, setDeleteId] = useState<number | null>(null);
  const [merging, setMerging] = useState(false);
  const [mergeError, setMergeError] = useState<string | null>(null);
  const [merged, setMerged] = useState<string | null>(null);

  const setMode = (on: boolean) => {
    setMerge(on);
    setKeepId(null);
    setDeleteId(null);
    setMergeError(null);
    setMerged(null);
  };
  // A customer is kept or deleted, never both: choosing one role for them takes the other away.
  const keep = (id: number) => {
    setKeepId(keepId === id ? null : id);
    if (deleteId === id) setDeleteId(null);
  };
  const drop = (id: number) => {
    setDeleteId(deleteId === id ? null : id);
    if (keepId === id) setKeepId(null);
  };

  const doMerge = async () => {
    if (keepId == null || deleteId == null) return;
    const kept = results?.find((c) => c.id === keepId);
    const dropped = results?.find((c) => c.id === deleteId);
    const label = (c: Customer | undefined, id: number) => (c ? `${customerName(c)} (${id})` : `#${id}`);
    if (!(await confirm(`Do you want to merge ${label(dropped, deleteId)} into ${label(kept, keepId)}? ${label(dropped, deleteId)} will be deleted.`, { danger: true }))) return;
    setMerging(true);
    setMergeError(null);
    try {
      await api.post('POST mergeCustomers', { source: keepId, dest: deleteId });
      await qc.invalidateQueries({ queryKey: ['customers'] });
      setMerged(`Merged into ${label(kept, keepId)}.`);
      setKeepId(null);
      setDeleteId(null);
      setMerge(false);
    } catch (e) {
      setMergeError((e as Error).message);
    } finally {
      setMerging(false);
    }
  };

  return { merge, keepId, deleteId, merging, mergeError, merged, setMode, keep, drop, doMerge };
}

export type CustomerMerge = ReturnType<typeof useCustomerMerge>;
