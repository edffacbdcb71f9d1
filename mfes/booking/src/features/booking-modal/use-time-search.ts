import { isApiError } from '@turnbook/web-kit';
import { useState } from 'react';
import { dateProblem, type bookingWindow } from './booking-window';
import { searchTimes, type RequestDraft, type TimesAnswer } from './request-calls';
import { draftProblems } from './request-fields';

/**
 * The booking flows' search (Book Now and Modify): the draft's problems, the free times read, the time
 * chosen, and the busy and error state both flows show.
 */
export function useTimeSearch(storeId: number, window: ReturnType<typeof bookingWindow>) {
  const [problems, setProblems] = useState<{ date?: string | null; services?: string | null }>({});
  const [times, setTimes] = useState<TimesAnswer | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Checks the draft and reads its free times; true when they came. */
  const search = async (draft: RequestDraft, ask: Parameters<typeof searchTimes>[2]): Promise<boolean> => {
    const found = draftProblems(draft, dateProblem(draft.date, window));
    setProblems(found);
    if (found.date || found.services) return false;
    setBusy(true);
    setError(null);
    try {
      setTimes(await searchTimes(storeId, draft, ask));
      setStart(null);
      return true;
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The times could not be read. Please try again.');
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { problems, setProblems, times, setTimes, start, setStart, busy, setBusy, error, setError, search };
}
