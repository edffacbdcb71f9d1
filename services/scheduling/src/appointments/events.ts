import { digitsOnly, isDayOffRecord } from '@turnbook/domain';
import type { EventEnvelope } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';
import type { AppointmentDoc } from './model';

type Kind = 'appointment.created' | 'appointment.updated' | 'appointment.deleted';

/** The calendar's realtime channel refetches on these (store:<id>:appointment). */
export function appointmentEvent(bus: EventBus, kind: Kind, a: AppointmentDoc) {
  return bus.event(kind, a.storeId, {
    id: a._id, storeId: a.storeId, staffId: a.staffId, customerId: a.customerId, date: a.date, start: a.start,
    end: a.end, status: a.status, dayOff: isDayOffRecord(a), sale: a.sale ?? 0,
    ...(kind === 'appointment.created' && a.sendConfirmation ? { sendConfirmation: true } : {}),
    ...(kind !== 'appointment.deleted' && a.cardOnFile ? { cardOnFile: a.cardOnFile } : {}),
  });
}

/** What the bell counts (docs/product/statuses.md). */
export const BELL_STATUSES = new Set(['PENDING', 'MODIFYING', 'REQUEST CANCEL']);

/** A walk-in (known by its sheet, or booked as one and waiting for it) is never an online request. */
export const isWalkIn = (a: Pick<AppointmentDoc, 'walkIn' | 'sheetId'>) => a.walkIn === true || a.sheetId != null;
const inBell = (a: AppointmentDoc) => BELL_STATUSES.has(a.status) && !isWalkIn(a);

/**
 * The online-request channel's event when a write makes, changes or ends a request (the bell refetches),
 * whichever use case wrote it: the repository adds it to every write. Null for other writes.
 */
export function requestEvent(bus: EventBus, after: AppointmentDoc, before: AppointmentDoc | null): EventEnvelope | null {
  if (isDayOffRecord(after)) return null;
  const was = before?.status ?? null;
  if (!inBell(after) && !(before && inBell(before))) return null;
  return bus.event('online-request.changed', after.storeId, {
    id: after._id, storeId: after.storeId, staffId: after.staffId, date: after.date, start: after.start, end: after.end,
    status: after.status, previousStatus: was,
    // customer:<phone>:online-request refetches the customer's /appointments (only they may listen to it)
    ...(/^\d{10}$/.test(digitsOnly(after.customerPhone)) ? { customerPhone: digitsOnly(after.customerPhone) } : {}),
  });
}
