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
 * The day's turn list. The day's record is created (empty) the first time today or a later day is opened,
 * as the spec's client does; a past day without one shows an empty list and writes nothing.
 */
export function useTurns(storeId: number, date: string, today: string) {
  return useQuery({
    queryKey: calendarKeys.turns(storeId, date),
    queryFn: async (): Promise<TurnView | null> => {
      const { turns } = await api.get('GET getTurnsByStoreIdAndDate/{storeId}/{date}', { storeId, date });
      if (turns[0]) return turns[0];
      if (date < today) return null;
      return (await api.post('POST createTurn', { storeId, date, staffIds: [] })).turn;
    },
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
