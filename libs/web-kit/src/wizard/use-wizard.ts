import { useCallback, useMemo, useState } from 'react';

export interface Wizard {
  page: number;
  /** The page `back()` returns to: the remembered one, else the previous number. */
  backPage: number | null;
  next: () => void;
  back: () => void;
  /** Jump to a page; `remember` (default true) makes back() return to the page we leave. */
  goTo: (page: number, opts?: { remember?: boolean }) => void;
  reset: () => void;
  isFirst: boolean;
}

/**
 * Page state of the multi-step screens (registration, store creation, kiosk, booking): numbered pages,
 * pages may be skipped, back returns to where the user came from, reset starts over.
 */
export function useWizard(first = 1): Wizard {
  const [state, setState] = useState<{ page: number; history: number[] }>({ page: first, history: [] });
  const next = useCallback(() => setState((s) => ({ page: s.page + 1, history: [...s.history, s.page] })), []);
  const back = useCallback(
    () =>
      setState((s) => {
        if (s.history.length === 0) return s.page > first ? { page: s.page - 1, history: [] } : s;
        return { page: s.history[s.history.length - 1], history: s.history.slice(0, -1) };
      }),
    [first],
  );
  const goTo = useCallback(
    (page: number, opts?: { remember?: boolean }) =>
      setState((s) => ({ page, history: opts?.remember === false ? s.history : [...s.history, s.page] })),
    [],
  );
  const reset = useCallback(() => setState({ page: first, history: [] }), [first]);
  return useMemo(
    () => ({
      page: state.page,
      backPage: state.history.length ? state.history[state.history.length - 1] : state.page > first ? state.page - 1 : null,
      next,
      back,
      goTo,
      reset,
      isFirst: state.page === first,
    }),
    [state, first, next, back, goTo, reset],
  );
}
