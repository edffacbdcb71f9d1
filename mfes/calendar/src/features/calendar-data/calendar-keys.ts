import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the calendar's server state, one place so a write in any feature (wizard, details, drag)
 * and a realtime event invalidate the same entries.
 */
export const calendarKeys = {
  store: (storeId: number) => ['calendar', storeId] as const,
  day: (storeId: number, date: string) => ['calendar', storeId, 'day', date] as const,
  week: (storeId: number, monday: string) => ['calendar', storeId, 'week', monday] as const,
  appointment: (storeId: number, id: number) => ['calendar', storeId, 'appointment', id] as const,
  requests: (storeId: number) => ['calendar', storeId, 'requests'] as const,
  logs: (storeId: number) => ['calendar', storeId, 'logs'] as const,
  staff: (storeId: number) => ['calendar', storeId, 'staff'] as const,
  services: (storeId: number) => ['calendar', storeId, 'services'] as const,
  income: (storeId: number, date: string) => ['calendar', storeId, 'income', date] as const,
  staffNames: (storeId: number) => ['calendar', storeId, 'staff-names'] as const,
  sheets: (storeId: number, date: string) => ['calendar', storeId, 'sheets', date] as const,
  turns: (storeId: number, date: string) => ['calendar', storeId, 'turns', date] as const,
  turnHistory: (storeId: number, date: string) => ['calendar', storeId, 'turn-history', date] as const,
  turnPolicy: (storeId: number) => ['calendar', storeId, 'turn-policy'] as const,
  staffSkills: (storeId: number) => ['calendar', storeId, 'staff-skills'] as const,
  myDay: (storeId: number, date: string) => ['calendar', storeId, 'my-day', date] as const,
  suggestNext: (storeId: number, date: string, serviceIds: string) => ['calendar', storeId, 'suggest-next', date, serviceIds] as const,
};

/** After any appointment write: everything the calendar shows of that store is read again. */
export const invalidateStore = (qc: QueryClient, storeId: number) => qc.invalidateQueries({ queryKey: calendarKeys.store(storeId) });
