import { todayIn } from '../hours/today';
import { STEP_MS, type StoreDay } from './store-day';

/**
 * A staff member who works at several stores has one time line, whatever the stores' zones: step s of a
 * store-day is the absolute quarter (15-minute steps since the epoch) it starts at. Every zone's offset is
 * a whole number of quarters, so the same instant is the same quarter at every store.
 */
export function absoluteQuarter(day: StoreDay, step: number): number {
  return Math.floor(day.startMs / STEP_MS) + step;
}

/** The store's local dates (YYYY-MM-DD, in order) that the instants [fromMs, toMs) touch. */
export function datesTouched(zone: string, fromMs: number, toMs: number): string[] {
  const first = todayIn(zone, new Date(fromMs));
  const last = todayIn(zone, new Date(Math.max(fromMs, toMs - 1)));
  const out = [first];
  while (out[out.length - 1] < last) {
    const [y, m, d] = out[out.length - 1].split('-').map(Number);
    out.push(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10));
  }
  return out;
}
