import { api } from '@turnbook/web-kit';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { DayData } from '../day-grid/grid-model';
import { calendarKeys } from './calendar-keys';

/** The calendar's reads, each under calendarKeys so a write or a realtime event refreshes them together. */

export const storeQuery = (permalink: string) => ({
  queryKey: ['calendar-store', permalink] as const,
  queryFn: async () => (await api.get('GET getStoreByPermalink/{permalink}', { permalink })).stores[0] ?? null,
});

export function useStaff(storeId: number | undefined) {
  return useQuery({
    queryKey: calendarKeys.staff(storeId ?? 0),
    enabled: !!storeId,
    queryFn: async () => (await api.get('GET getStaffsByStoreId/{storeId}', { storeId: storeId! })).employees,
  });
}

export function useServices(storeId: number | undefined) {
  return useQuery({
    queryKey: calendarKeys.services(storeId ?? 0),
    enabled: !!storeId,
    queryFn: async () => (await api.get('GET getServicesByStoreId/{storeId}', { storeId: storeId! })).services,
  });
}

export const dayQuery = (storeId: number, date: string) => ({
  queryKey: calendarKeys.day(storeId, date),
  queryFn: () => api.get('GET getAppointmentsByStoreIdAndDate/{storeId}/{date}', { storeId, date }),
});

const combineDays = (results: UseQueryResult<DayData>[]) => ({
  data: results.map((r) => r.data),
  loading: results.some((r) => r.isLoading),
  errors: results.map((r) => r.error),
  refetch: () => results.forEach((r) => void r.refetch()),
});

/** The shown dates' appointments (one day, or the week's open days), read in parallel (two retries each). */
export function useDays(storeId: number | undefined, dates: string[]) {
  return useQueries({
    queries: dates.map((date) => ({ ...dayQuery(storeId ?? 0, date), enabled: !!storeId, retry: 2 })),
    combine: combineDays,
  });
}
