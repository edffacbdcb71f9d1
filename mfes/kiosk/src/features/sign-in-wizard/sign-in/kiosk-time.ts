import { formatTime12, MINUTES_PER_DAY } from '@turnbook/domain/hours/time12';
import { todayIn } from '@turnbook/domain/hours/today';
import { nearestQuarter } from '@turnbook/domain/turns/walk-in';

// Sub-path imports keep luxon (which the availability engine needs) off the tablet.
const STEP_MINUTES = 15;

/** The store's date and wall-clock minute now (Intl only: no time-zone library on the tablet). */
export function storeNow(zone: string, now: Date = new Date()): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { date: todayIn(zone, now), minutes: (part('hour') % 24) * 60 + part('minute') };
}

/** A walk-in starts at the nearest 15 minutes (docs/product/statuses.md), kept inside the day. */
export function walkInStartMinutes(minutes: number): number {
  return Math.min(nearestQuarter(minutes), MINUTES_PER_DAY - STEP_MINUTES);
}

/** The appointment's times for a walk-in arriving now: 'hh:mm am' start and end, and the arrival time. */
export function walkInTimes(zone: string, totalMinutes: number, now: Date = new Date()) {
  const { date, minutes } = storeNow(zone, now);
  const start = walkInStartMinutes(minutes);
  // A walk-in's services may run past midnight on paper; the record stays on its day.
  const end = Math.min(start + Math.max(totalMinutes, STEP_MINUTES), MINUTES_PER_DAY - 1);
  return { date, start: formatTime12(start), end: formatTime12(end), arrived: formatTime12(minutes) };
}
