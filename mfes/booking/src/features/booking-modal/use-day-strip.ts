import { useQuery } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { addDays, closedOn } from './booking-window';
import { ONLINE_COLUMN } from '@turnbook/domain/calendar-columns';
import type { RequestDraft } from './request-calls';

/** Days the strip shows from today: three weeks, the most one availabilityDays call answers. */
export const STRIP_DAYS = 21;

/** A day of the strip: closed by the store's hours, or (once services are chosen) how many free starts it has. */
export interface StripDay {
  date: string;
  closed: boolean;
  /** null until the services are chosen and the day's count came */
  free: number | null;
}

/**
 * The strip's days and, for the chosen services and staff, each day's free starts, read in one call
 * (`availabilityDays`) rather than one per day. Before a service is chosen only the closed days show.
 */
export function useDayStrip(
  storeId: number,
  draft: Pick<RequestDraft, 'serviceIds' | 'staffId'>,
  window: { min: string; max: string },
  hours?: Record<string, string> | null,
  ask: { customerId?: number; appointmentId?: number } = {},
) {
  const dates = Array.from({ length: STRIP_DAYS }, (_, i) => addDays(window.min, i)).filter((d) => d <= window.max);
  const serviceIds = draft.serviceIds.join(',');
  const counts = useQuery({
    queryKey: ['booking', storeId, 'days', window.min, serviceIds, draft.staffId, ask.customerId, ask.appointmentId],
    enabled: serviceIds !== '',
    staleTime: 30_000,
    queryFn: async () =>
      (
        await api.get('GET availabilityDays/{storeId}/{date}', { storeId, date: window.min }, {
          query: { serviceIds, staffId: draft.staffId === ONLINE_COLUMN ? undefined : draft.staffId, ...ask, days: dates.length },
        })
      ).days,
  });
  const free = new Map((counts.data ?? []).map((d) => [d.date, d.free]));
  const days: StripDay[] = dates.map((date) => ({ date, closed: closedOn(hours, date) !== null, free: free.get(date) ?? null }));
  return { days, loading: serviceIds !== '' && counts.isPending, failed: counts.isError };
}
