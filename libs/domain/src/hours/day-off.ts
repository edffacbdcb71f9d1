import { DAY_KEYS, type DayKey } from './business-hours';
import { toMinutes } from './time12';

/**
 * Two meanings of "day off" in the spec:
 * - a staff member's weekly schedule, `dayOff`: space-separated weekdays they do NOT work ('mon tue');
 * - a day off on the calendar: an appointment with customerId 0 and serviceIds '0' for a date and time range.
 */

export type DayOffResult = { ok: true; value: string } | { ok: false; error: string };

/** Normalises a weekly `dayOff` value: lower case, known days only, no repeats, in mon..sun order. */
export function normalizeWeeklyDaysOff(value: string | null | undefined): DayOffResult {
  const words = (value ?? '').toLowerCase().split(/[\s,]+/).filter(Boolean);
  const unknown = words.filter((w) => !(DAY_KEYS as readonly string[]).includes(w));
  if (unknown.length) return { ok: false, error: `has unknown day '${unknown[0]}' (use mon tue wed thu fri sat sun)` };
  const set = new Set(words as DayKey[]);
  return { ok: true, value: DAY_KEYS.filter((d) => set.has(d)).join(' ') };
}

/** Does the weekly schedule leave this weekday off? */
export function isWeeklyDayOff(dayOff: string | null | undefined, day: DayKey): boolean {
  return (dayOff ?? '').toLowerCase().split(/\s+/).includes(day);
}

/** The record shape that marks a calendar day off (docs/product/records.md). */
export function isDayOffRecord(a: { customerId: number | string | null | undefined; serviceIds: string | number | null | undefined }): boolean {
  return Number(a.customerId) === 0 && String(a.serviceIds ?? '').trim() === '0';
}

export type TimeRangeResult =
  | { ok: true; startMin: number; endMin: number }
  | { ok: false; field: 'start' | 'end'; error: string };

/** A start and end on one day, as 12-hour strings; the end must come after the start. */
export function parseTimeRange(start: string, end: string): TimeRangeResult {
  const startMin = toMinutes(start);
  if (startMin === null) return { ok: false, field: 'start', error: "must be a time like '09:30 am'" };
  const endMin = toMinutes(end);
  if (endMin === null) return { ok: false, field: 'end', error: "must be a time like '06:00 pm'" };
  if (endMin <= startMin) return { ok: false, field: 'end', error: 'must be after the start time' };
  return { ok: true, startMin, endMin };
}
