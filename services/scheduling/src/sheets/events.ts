import type { EventBus } from '@turnbook/service-kit';
import type { SheetDoc } from './model';

export const staffIdsOf = (s: Pick<SheetDoc, 'staffId'>) =>
  (s.staffId ?? '').split(',').map((v) => Number(v.trim())).filter((n) => Number.isSafeInteger(n) && n > 0);

/** The front desk's sheet channel refetches on these; the kiosk hears a queue notice without names. */
export function sheetCreated(bus: EventBus, s: SheetDoc) {
  return bus.event('sheet.created', s.storeId, { id: s._id, storeId: s.storeId, date: s.date, appointmentId: s.appointment_id ?? null, partyId: s.party?.id ?? null, customerPhone: s.customer_phone || null });
}

export function sheetUpdated(bus: EventBus, s: SheetDoc) {
  return bus.event('sheet.updated', s.storeId, { id: s._id, storeId: s.storeId, date: s.date, appointmentId: s.appointment_id ?? null, checked: s.checked ?? null, staffIds: staffIdsOf(s) });
}

/** Once per sheet, at its check-in: customers counts the visit. */
export function sheetCheckedIn(bus: EventBus, s: SheetDoc, customerId: number | null) {
  return bus.event('sheet.checked_in', s.storeId, {
    id: s._id, storeId: s.storeId, date: s.date, appointmentId: s.appointment_id ?? null, customerId, customerPhone: s.customer_phone ?? '', staffIds: staffIdsOf(s),
  });
}
