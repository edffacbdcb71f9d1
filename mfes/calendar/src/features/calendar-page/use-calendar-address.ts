import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { isStoreLogin, useSession } from '@turnbook/web-kit';
import { chooseStore } from '@turnbook/web-kit/store-access';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

export type View = 'day' | 'week';

/** The shown date and view, and the open appointment, live in the address: a reload or a shared link shows the same. */
export function useCalendarAddress(today: string) {
  const [search, setSearch] = useSearchParams();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(search.get('date') ?? '') ? search.get('date')! : today;
  const view: View = search.get('view') === 'week' ? 'week' : 'day';
  const openId = Number(search.get('appointment')) || null;
  const setParams = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch((s) => {
        for (const [k, v] of Object.entries(changes)) {
          if (v) s.set(k, v);
          else s.delete(k);
        }
        return s;
      }),
    [setSearch],
  );
  const goTo = useCallback(
    (d: string, v: View) => setParams({ date: d === today ? null : d, view: v === 'week' ? 'week' : null }),
    [setParams, today],
  );
  const setOpenId = useCallback((id: number | null) => setParams({ appointment: id ? String(id) : null }), [setParams]);
  return { date, view, openId, goTo, setOpenId };
}

/**
 * A calendar opened by its link (a bookmark, a reload after the store was switched elsewhere) becomes the
 * chosen store, as choosing it on /stores would: the owner's controls and the menu follow the store shown.
 */
export function useChosenStore(store: StoreView) {
  const chosenId = useSession((s) => s.store_id);
  const userId = useSession((s) => s.user_id);
  const storeLogin = useSession(isStoreLogin);
  useEffect(() => {
    if (!storeLogin && chosenId !== String(store.id)) void chooseStore(store, userId);
  }, [storeLogin, chosenId, store, userId]);
}
