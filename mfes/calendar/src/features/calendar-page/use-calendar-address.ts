import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { isStoreLogin, useSession } from '@turnbook/web-kit';
import { chooseStore } from '@turnbook/web-kit/store-access';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addDays } from '../day-grid/grid-model';

export type View = 'day' | 'week';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (s: URLSearchParams, today: string) => (DATE.test(s.get('date') ?? '') ? s.get('date')! : today);
const viewOf = (s: URLSearchParams): View => (s.get('view') === 'week' ? 'week' : 'day');

/**
 * The shown date and view, and the open appointment, live in the address: a reload or a shared link shows the same.
 *
 * React Router renders a navigation as a transition, so a click made before the last one has rendered
 * still sees the old address: three quick clicks on › on a slow tablet moved two days. Every change starts
 * from the address last asked for while the screen still shows the one it was asked from.
 */
export function useCalendarAddress(today: string) {
  const [search, setSearch] = useSearchParams();
  const asked = useRef<{ from: string; to: URLSearchParams } | null>(null);
  const shown = search.toString();
  // An ask made from an address no longer shown is done (it rendered, or Back came first): read the screen's.
  useEffect(() => {
    if (asked.current?.from !== shown) asked.current = null;
  }, [shown]);
  const latest = useCallback(
    () => new URLSearchParams(asked.current?.from === shown ? asked.current.to : search),
    [search, shown],
  );
  const setParams = useCallback(
    (changes: (s: URLSearchParams) => Record<string, string | null>) => {
      const next = latest();
      for (const [k, v] of Object.entries(changes(next))) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      asked.current = { from: shown, to: next };
      setSearch(next);
    },
    [latest, setSearch, shown],
  );
  /** `null` keeps the date or view as last asked for. */
  const goTo = useCallback(
    (d: string | null, v: View | null) =>
      setParams((s) => {
        const date = d ?? dateOf(s, today);
        const view = v ?? viewOf(s);
        return { date: date === today ? null : date, view: view === 'week' ? 'week' : null };
      }),
    [setParams, today],
  );
  /** A day (or a week, in the week view) back or ahead. */
  const step = useCallback(
    (n: -1 | 1) => {
      const s = latest();
      goTo(addDays(dateOf(s, today), n * (viewOf(s) === 'week' ? 7 : 1)), null);
    },
    [goTo, latest, today],
  );
  const toggleWeek = useCallback(() => goTo(null, viewOf(latest()) === 'week' ? 'day' : 'week'), [goTo, latest]);
  const setOpenId = useCallback((id: number | null) => setParams(() => ({ appointment: id ? String(id) : null })), [setParams]);
  return { date: dateOf(search, today), view: viewOf(search), openId: Number(search.get('appointment')) || null, goTo, step, toggleWeek, setOpenId };
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
