import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { api } from '@turnbook/web-kit';
import { calendarKeys } from '../calendar-data/calendar-keys';
import { availabilityStaffId } from '../booking-wizard/wizard-rules';

/** The starts staff booking offers that day for these services, as the wizard's time page reads them (same cache entry). */
export const availabilityQuery = (store: Pick<StoreView, 'id'>, date: string, staffId: number, serviceIds: number[]) => ({
  queryKey: [...calendarKeys.store(store.id), 'wizard', 'availability', date, staffId, serviceIds.join(',')],
  queryFn: async () =>
    await api.get('GET staffAvailability/{storeId}/{date}', { storeId: store.id, date }, {
      query: { serviceIds: serviceIds.join(','), staffId: availabilityStaffId(staffId) },
    }),
});
