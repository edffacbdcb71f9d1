import type { QueryKey } from '@tanstack/react-query';
import type { RealtimeMessage } from '@turnbook/web-kit';
import { calendarKeys } from './calendar-keys';

/** What an event says it touched (libs/contracts events: appointment.*, online-request.changed, sheet.*, turn.changed, log.created). */
interface Touched {
  id?: number;
  date?: string;
  previousDate?: string;
  appointmentId?: number | null;
}

const isDate = (d: unknown): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d);

/**
 * The calendar's queries an event changes, by the event's own fields: the days it names (the one it left
 * too, for a move), the appointment's details, and what its channel lists. Null when the event names no
 * day (an event of an older shape, or a resync after a reconnect): then everything of the store is read again.
 */
export function keysTouchedBy(storeId: number, m: RealtimeMessage): QueryKey[] | null {
  if (m.type !== 'event') return null;
  const [, domain] = m.subject.split('.');
  const d = (m.data ?? {}) as Touched;
  const dates = [d.date, d.previousDate].filter(isDate);
  if (domain === 'log') return typeof d.appointmentId === 'number' ? [calendarKeys.logs(storeId), calendarKeys.appointment(storeId, d.appointmentId)] : [calendarKeys.logs(storeId)];
  if (!dates.length) return null;
  const days = dates.flatMap((date) => [calendarKeys.day(storeId, date), calendarKeys.income(storeId, date)]);
  const one = typeof d.id === 'number' ? [calendarKeys.appointment(storeId, d.id)] : [];
  // The front desk's sheets show the appointment linked to each.
  if (domain === 'appointment') return [...days, ...one, ...wizardDays(storeId, dates), ...dates.map((date) => calendarKeys.sheets(storeId, date))];
  if (domain === 'online-request') return [...days, ...one, calendarKeys.requests(storeId)];
  if (domain === 'sheet' || domain === 'turn') {
    return dates.flatMap((date) => [calendarKeys.sheets(storeId, date), calendarKeys.turns(storeId, date), calendarKeys.turnHistory(storeId, date)]);
  }
  return null;
}

/** The booking wizard's free times of those days (its keys: [...store, 'wizard', 'availability', date, ...]). */
const wizardDays = (storeId: number, dates: string[]) => dates.map((date) => [...calendarKeys.store(storeId), 'wizard', 'availability', date]);

/** What to read again for a message: what it touched, or the whole store when it cannot say. */
export const keysToRefresh = (storeId: number, m: RealtimeMessage): QueryKey[] => keysTouchedBy(storeId, m) ?? [calendarKeys.store(storeId)];
