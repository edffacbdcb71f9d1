import { formatTime12, MINUTES_PER_DAY } from '@turnbook/domain/hours/time12';
import { todayIn } from '@turnbook/domain/hours/today';

// Sub-path imports keep luxon (which the availability engine needs) off the tablet.
const STEP_MINUTES = 15;
const MINUTE_MS = 60_000;
const QUARTER_MS = STEP_MINUTES * MINUTE_MS;

/** The store's date and wall-clock minute now (Intl only: no time-zone library on the tablet). */
export function storeNow(zone: string, now: Date = new Date()): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { date: todayIn(zone, now), minutes: (part('hour') % 24) * 60 + part('minute') };
}

/**
 * The appointment's times for a walk-in arriving now: 'hh:mm am' start and end, and the arrival time. The
 * start is the nearest 15 minutes (docs/product/statuses.md), kept inside the day. Rounded and added on the
 * real clock, then read on the store's: every zone's offset is a whole number of quarter hours, so the start
 * is a quarter hour that happens (on a spring-forward night 1:58 am starts at 3:00 am, not at a 2:00 am that
 * never comes). An end the store's clock would read before the start (the repeated hour of a fall-back night)
 * or on the next day is counted on paper from the start instead, kept inside the day.
 */
export function walkInTimes(zone: string, totalMinutes: number, now: Date = new Date()) {
  const { date, minutes: arrived } = storeNow(zone, now);
  const minute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const startAt = Math.round(minute / QUARTER_MS) * QUARTER_MS;
  const startOnClock = storeNow(zone, new Date(startAt));
  const start = startOnClock.date === date ? startOnClock.minutes : MINUTES_PER_DAY - STEP_MINUTES;
  const length = Math.max(totalMinutes, STEP_MINUTES);
  const endOnClock = storeNow(zone, new Date(startAt + length * MINUTE_MS));
  // A walk-in's services may run past midnight on paper; the record stays on its day.
  const end = endOnClock.date === date && endOnClock.minutes > start ? endOnClock.minutes : Math.min(start + length, MINUTES_PER_DAY - 1);
  return { date, start: formatTime12(start), end: formatTime12(end), arrived: formatTime12(arrived) };
}
