import { isApiError } from '@turnbook/web-kit';
import { useRef, useState } from 'react';
import { dateProblem, type bookingWindow } from './booking-window';
import { nextDayWithTimes, searchTimes, type RequestDraft, type TimesAnswer } from './request-calls';
import { draftProblems } from './request-fields';

/** What the flows say when the store withdrew a chosen service while the page was open (docs/decisions.md). */
export const SERVICE_WITHDRAWN = 'A service you chose is no longer offered online. Please choose your services again.';

/** The server refused a chosen service (withdrawn, made internal or removed since the page read them). */
export const isServiceRefusal = (e: unknown) => isApiError(e) && e.status === 400 && e.field === 'serviceIds';

/** The next day with free times after a day with none: being looked for, found (with its times), or none in the window. */
export type NextDay = { looking: true } | { looking: false; date: string; times: TimesAnswer } | { looking: false; date: null } | null;

/**
 * The booking flows' search (Book Now and Modify): the draft's problems, the free times read, the time
 * chosen, and the busy and error state both flows show. A day with no free time looks for the next one
 * that has some (within the window), which the flow offers. A chosen service the store no longer offers is
 * said so in the customer's words, and `onServicesChanged` lets the flow read the services again.
 */
export function useTimeSearch(storeId: number, window: ReturnType<typeof bookingWindow>, hours?: Record<string, string> | null, onServicesChanged?: () => void) {
  const [problems, setProblems] = useState<{ date?: string | null; services?: string | null }>({});
  const [times, setTimes] = useState<TimesAnswer | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [next, setNext] = useState<NextDay>(null);
  // Only the latest search's look-ahead may answer (the customer may search another day meanwhile).
  const asked = useRef(0);

  const lookAhead = async (draft: RequestDraft, ask: Parameters<typeof searchTimes>[2]) => {
    const mine = ++asked.current;
    setNext({ looking: true });
    try {
      const found = await nextDayWithTimes(storeId, draft, window.max, ask, hours);
      if (mine === asked.current) setNext(found ? { looking: false, ...found } : { looking: false, date: null });
    } catch {
      if (mine === asked.current) setNext(null);
    }
  };

  /** Shows the next day's times; answers its date for the caller's draft. */
  const takeNext = (): string | null => {
    if (!next || next.looking || !next.date) return null;
    setTimes(next.times);
    setStart(null);
    setNext(null);
    return next.date;
  };

  /** Checks the draft and reads its free times; true when they came. */
  const search = async (draft: RequestDraft, ask: Parameters<typeof searchTimes>[2]): Promise<boolean> => {
    const found = draftProblems(draft, dateProblem(draft.date, window));
    setProblems(found);
    if (found.date || found.services) return false;
    setBusy(true);
    setError(null);
    asked.current++;
    setNext(null);
    try {
      const answer = await searchTimes(storeId, draft, ask);
      setTimes(answer);
      setStart(null);
      if (answer.slots.length === 0) void lookAhead(draft, ask);
      return true;
    } catch (e) {
      if (isServiceRefusal(e)) onServicesChanged?.();
      setError(isServiceRefusal(e) ? SERVICE_WITHDRAWN : isApiError(e) ? e.message : 'The times could not be read. Please try again.');
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { problems, setProblems, times, setTimes, start, setStart, busy, setBusy, error, setError, search, next, takeNext };
}
