import type { CustomerAppointmentView } from '@turnbook/contracts/schemas/appointments';
import { DEFAULT_TIME_ZONE } from '@turnbook/domain/hours/time-zone';
import type { AppointmentDoc } from '../appointments/model';
import { isSuggested } from '../appointments/view';
import type { EmployeeDoc } from '../staff/model';
import { displayName } from '../staff/view';
import type { StoreDoc } from '../stores/model';

const iso = (d: Date | undefined) => (d ? new Date(d).toISOString() : '');

/** An appointment as its customer sees it: the store and the requested staff member, never a sale or staff notes. */
export function customerAppointmentView(a: AppointmentDoc, store: Pick<StoreDoc, 'name' | 'permalink' | 'timezone'>, staff: EmployeeDoc | null): CustomerAppointmentView {
  return {
    id: a._id,
    storeId: a.storeId,
    storeName: store.name,
    permalink: store.permalink,
    timezone: store.timezone || DEFAULT_TIME_ZONE,
    staffId: a.staffId,
    userFname: staff ? displayName(staff) : null,
    nickname: staff ? staff.nickname || null : null,
    online_booking: staff ? staff.online_booking : null,
    customerId: a.customerId,
    serviceIds: a.serviceIds,
    services: a.services ?? [],
    date: a.date,
    start: a.start,
    end: a.end,
    note: a.note ?? '',
    status: a.status,
    created_at: iso(a.created_at),
    updated_at: iso(a.updated_at),
    ...(isSuggested(a) ? { suggested: true } : {}),
  };
}
