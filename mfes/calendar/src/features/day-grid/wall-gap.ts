import { cachedFormat } from '@turnbook/domain/hours/today';

/** Wall minutes [from, to) a date's clock skips in a zone: 120-180 (2:00-2:59 am) on New York's spring-forward day. */
export interface WallGap {
  from: number;
  to: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const QUARTER = 15;

/** The zone's UTC offset (minutes) at an instant, read off Intl's wall clock. */
function offsetAt(zone: string, at: number): number {
  const parts = cachedFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(at);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
  return Math.round((wall - Math.floor(at / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/** Whether some instant shows a wall time (given as if UTC): one at which an offset in force near it holds. */
function wallShown(zone: string, wall: number, offsets: number[]): boolean {
  return offsets.some((o) => offsetAt(zone, wall - o * MINUTE_MS) === o);
}

const gaps = new Map<string, WallGap | null>();

/**
 * The wall times a YYYY-MM-DD date's clock never shows in an IANA zone, on quarter hours, or null (most days,
 * and a fall-back day, whose repeated hour is shown once). The same answer as libs/domain's
 * `wallTimeExists(storeDay(...))`, from Intl alone: luxon (23 KB gzip) stays off the calendar's first load.
 */
export function wallGapOn(zone: string, date: string): WallGap | null {
  const key = `${zone}|${date}`;
  if (gaps.has(key)) return gaps.get(key)!;
  const midnight = Date.parse(`${date}T00:00:00Z`);
  // Every instant of the date lies between these two (offsets run from UTC-12 to UTC+14); a day changes
  // offset at most once, so the same offset at both ends means no change, and a smaller one a fall-back.
  const before = offsetAt(zone, midnight - 14 * HOUR_MS);
  const after = offsetAt(zone, midnight + DAY_MS + 12 * HOUR_MS);
  let gap: WallGap | null = null;
  if (after > before) {
    const missing: number[] = [];
    for (let m = 0; m < 24 * 60; m += QUARTER) if (!wallShown(zone, midnight + m * MINUTE_MS, [before, after])) missing.push(m);
    if (missing.length) gap = { from: missing[0], to: missing[missing.length - 1] + QUARTER };
  }
  gaps.set(key, gap);
  return gap;
}
