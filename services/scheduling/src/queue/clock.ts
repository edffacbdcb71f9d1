import { cachedFormat, MINUTES_PER_DAY, parseDayHours, todayIn } from '@turnbook/domain';
import type { StoreDoc } from '../stores/model';
import { weekdayOf } from '../turns/working-staff';

/** Minutes since local midnight in a zone. */
export function minutesIn(zone: string, now: Date): number {
  const parts = cachedFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const num = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return num('hour') * 60 + num('minute');
}

/**
 * "Now" on a store's date, in minutes since its local midnight: the clock today; the opening time on a
 * later date (the line then starts at opening); the end of the day on a past date.
 */
export function nowOnDate(store: Pick<StoreDoc, 'timezone' | 'hours'>, date: string, now: Date): number {
  const zone = store.timezone || 'America/New_York';
  const today = todayIn(zone, now);
  if (date === today) return minutesIn(zone, now);
  if (date < today) return MINUTES_PER_DAY;
  const hours = parseDayHours((store.hours as Record<string, string> | undefined)?.[weekdayOf(date)]);
  return hours.ok && hours.value ? hours.value.open : 0;
}
