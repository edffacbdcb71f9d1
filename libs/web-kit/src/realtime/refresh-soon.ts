import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** A burst is over after this long without another event. */
export const QUIET_MS = 50;
/** A steady stream of events still refreshes this often. */
export const MAX_WAIT_MS = 250;

interface Batch {
  keys: Map<string, QueryKey>;
  firstAt: number;
  timer: ReturnType<typeof setTimeout>;
}
const batches = new WeakMap<QueryClient, Batch>();

/**
 * Invalidates `queryKeys` once the burst of events they came with is over, each key once. A replay after a
 * reconnect (up to 1,000 frames) or a relay flushing what it held back made one read per event: a hundred
 * reads queued in the browser held back the page's own chunks (calendar-activity journey, a loaded run).
 */
export function refreshSoon(qc: QueryClient, queryKeys: QueryKey[]): void {
  const now = Date.now();
  const batch = batches.get(qc);
  if (batch) clearTimeout(batch.timer);
  const next: Batch = batch ?? { keys: new Map(), firstAt: now, timer: undefined as never };
  for (const key of queryKeys) next.keys.set(hashKey(key), key);
  const wait = Math.max(0, Math.min(QUIET_MS, next.firstAt + MAX_WAIT_MS - now));
  next.timer = setTimeout(() => {
    batches.delete(qc);
    for (const queryKey of next.keys.values()) void qc.invalidateQueries({ queryKey });
  }, wait);
  batches.set(qc, next);
}
