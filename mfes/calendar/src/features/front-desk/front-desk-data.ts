import { useQuery } from '@tanstack/react-query';
import type { TurnView } from '@turnbook/contracts/schemas/frontdesk';
import { api, useRealtimeRefresh } from '@turnbook/web-kit';
import { calendarKeys } from '../calendar-data/calendar-keys';
import { storeRefresh } from '../calendar-page/live';
import type { Sheet } from './front-desk-rules';

/** The front desk's reads, each under the store's calendar prefix so a write or an event refreshes them. */

export function useSheets(storeId: number, date: string) {
  return useQuery({
    queryKey: calendarKeys.sheets(storeId, date),
    queryFn: async () => (await api.get('GET getSheetsByStoreId/{storeId}/{date}', { storeId, date })).sheets as Sheet[],
  });
}

/**
 * The day's turn list; null (an empty list) while the day has no record. Reading writes nothing: the server
 * makes the day's record with its first check-in (ensureTurnDay), and an empty list has nothing to reorder.
 */
export function useTurns(storeId: number, date: string) {
  return useQuery({
    queryKey: calendarKeys.turns(storeId, date),
    queryFn: async (): Promise<TurnView | null> => (await api.get('GET getTurnsByStoreIdAndDate/{storeId}/{date}', { storeId, date })).turns[0] ?? null,
  });
}

/**
 * Another device's sign-in, check-in or turn change (the sheet channel carries both), or an appointment
 * change (an approved request), reads again what the event names (calendar-data/touched.ts).
 */
export function useFrontDeskLive(storeId: number) {
  const refresh = storeRefresh(storeId);
  useRealtimeRefresh(`store:${storeId}:sheet`, refresh);
  useRealtimeRefresh(`store:${storeId}:appointment`, refresh);
  useRealtimeRefresh(`store:${storeId}:online-request`, refresh);
}
