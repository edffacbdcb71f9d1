import type { EventBus } from '@turnbook/service-kit';
import type { EmployeeDoc } from './model';

/** `staff.updated`: what other services keep of a staff member (names for favourites, role, archive). */
export function staffUpdatedEvent(bus: EventBus, e: EmployeeDoc) {
  return bus.event('staff.updated', e.storeId, {
    storeId: e.storeId, staffId: e._id, userId: e.userId ?? null, fname: e.fname ?? '', lname: e.lname ?? '',
    nickname: e.nickname ?? '', role: e.role, online_booking: e.online_booking, color: e.color ?? '', archived: !!e.archived,
  });
}
