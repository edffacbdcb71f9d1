import { SCHEDULING_MESSAGES } from '@turnbook/contracts/errors/scheduling';
import { ONLINE_WINDOW_DAYS } from '@turnbook/domain/availability/online-window';
import { DAY_KEYS, parseDayHours } from '@turnbook/domain/hours/business-hours';
import { todayIn } from '@turnbook/domain/hours/today';
import { formatDollars } from '@turnbook/domain/money/money';

/** 'YYYY-MM-DD' plus n calendar days. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The first and last date the booking modal offers, in the store's zone: today and the online window's days after. */
export function bookingWindow(zone: string, now: Date = new Date()): { min: string; max: string } {
  const min = todayIn(zone, now);
  return { min, max: addDays(min, ONLINE_WINDOW_DAYS) };
}

/** Why a date cannot be searched, or null when it can. */
export function dateProblem(date: string, window: { min: string; max: string }): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'Please select a date';
  if (date < window.min) return 'Please select today or a later date';
  if (date > window.max) return SCHEDULING_MESSAGES.outsideOnlineWindow;
  return null;
}

/** 'Tuesday, 11/24/2026' for a 'YYYY-MM-DD' (read as a calendar date, no zone shift). */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: '2-digit', day: '2-digit', year: 'numeric' });
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The weekday's name when the store's hours say it is closed that day ('Monday'), else null. */
export function closedOn(hours: Record<string, string> | null | undefined, date: string): string | null {
  if (!hours || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const parsed = parseDayHours(hours[DAY_KEYS[(weekday + 6) % 7]]);
  return parsed.ok && parsed.value === null ? WEEKDAYS[weekday] : null;
}

/** A service as the booking page lists it: name, length and price ('manicure · 30 min · $25.00'). */
export const serviceLabel = (s: { name: string; duration: number; price: number }) => `${s.name} · ${s.duration} min · ${formatDollars(s.price)}`;
