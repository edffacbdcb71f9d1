import type { EventBus } from '@turnbook/service-kit';
import type { CustomerDoc } from './repository';

/** The customer's current fields as events carry them (scheduling keeps appointment copies with them). */
function snapshot(c: CustomerDoc) {
  return {
    customerId: c._id,
    storeId: c.storeId,
    fname: c.fname,
    lname: c.lname,
    phone: c.phone ?? null,
    email: c.email ?? null,
    status: c.status ?? '',
    fav_staffId: c.fav_staffId ?? null,
    book_with_fav_staff: c.book_with_fav_staff ?? 0,
    visited: c.visited ?? 0,
    color: c.color ?? null,
    updated_at: new Date(c.updated_at).toISOString(),
  };
}

export const customerCreated = (bus: EventBus, c: CustomerDoc) => bus.event('customer.created', c.storeId, snapshot(c));
export const customerUpdated = (bus: EventBus, c: CustomerDoc) => bus.event('customer.updated', c.storeId, snapshot(c));
export const customerDeleted = (bus: EventBus, c: CustomerDoc) =>
  bus.event('customer.deleted', c.storeId, { customerId: c._id, storeId: c.storeId });
export const customerMerged = (bus: EventBus, storeId: number, keptId: number, removedId: number) =>
  bus.event('customer.merged', storeId, { storeId, keptId, removedId });
