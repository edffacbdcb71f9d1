import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@turnbook/contracts/errors/index';
import { formatTime12, toMinutes } from '@turnbook/domain/hours/time12';
import { api } from '@turnbook/web-kit';
import dayjs from 'dayjs';

/** A day off: an appointment with customerId 0 and serviceIds '0' (docs/product/records.md). */
export interface DayOff {
  id: number;
  storeId: number;
  staffId: number;
  date: string;
  start: string;
  end: string;
  startMin?: number;
  endMin?: number;
  note: string;
  status?: string;
}

/** 12:00 am to 11:30 pm every 30 minutes, as 'hh:mm am' (docs/product/validation.md). */
export const TIME_CHOICES: string[] = Array.from({ length: 48 }, (_, i) => formatTime12(i * 30));

export const ALERTS = {
  date: 'Please select a date',
  start: 'Please select a start time',
  end: 'Please select a end time',
} as const;

export const ptoKey = (staffId: number | string | undefined) => ['pto', String(staffId)] as const;

export function usePto(staffId: string | number | undefined) {
  return useQuery({
    queryKey: ptoKey(staffId),
    enabled: Boolean(staffId) && /^\d+$/.test(String(staffId)),
    queryFn: async () => (await api.get('GET getPTOByEmployeeId/{id}', { id: staffId! })).pto ?? [],
  });
}

export const today = () => dayjs().format('YYYY-MM-DD');

/** Upcoming (today and later, oldest first) and history (past, newest first). */
export function splitDaysOff(list: DayOff[], now = today()): { upcoming: DayOff[]; history: DayOff[] } {
  const sorted = [...list].sort((a, b) => a.date.localeCompare(b.date) || (a.startMin ?? 0) - (b.startMin ?? 0));
  return { upcoming: sorted.filter((d) => d.date >= now), history: sorted.filter((d) => d.date < now).reverse() };
}

export const formatDate = (date: string) => dayjs(date).format('ddd, MMM D, YYYY');

/** Every day from `from` to `to` inclusive, as YYYY-MM-DD. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let d = dayjs(from);
  const end = dayjs(to);
  while (!d.isAfter(end, 'day') && out.length < 366) {
    out.push(d.format('YYYY-MM-DD'));
    d = d.add(1, 'day');
  }
  return out;
}

/**
 * The spec's alert for the first missing field, a day before `today` (the server refuses it too; an edit may
 * keep the day it already had, `kept`), or a range problem, else null.
 */
export function dayOffProblem(v: { dates: string[]; start: string | null; end: string | null; today?: string; kept?: string }): string | null {
  if (!v.dates.length) return ALERTS.date;
  if (v.today && v.dates.some((d) => d < v.today! && d !== v.kept)) return MESSAGES.dayOffInPast;
  if (!v.start) return ALERTS.start;
  if (!v.end) return ALERTS.end;
  const s = toMinutes(v.start);
  const e = toMinutes(v.end);
  if (s !== null && e !== null && e <= s) return 'The end time must be after the start time';
  return null;
}
