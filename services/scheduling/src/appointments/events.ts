import { isDayOffRecord } from '@turnbook/domain';
import type { EventBus } from '@turnbook/service-kit';
import type { AppointmentDoc } from './model';

type Kind = 'appointment.created' | 'appointment.updated' | 'appointment.deleted';

/** The calendar's realtime channel refetches on these (store:<id>:appointment). */
export function appointmentEvent(bus: EventBus, kind: Kind, a: AppointmentDoc) {
  return bus.event(kind, a.storeId, {
    id: a._id, storeId: a.storeId, staffId: a.staffId, customerId: a.customerId, date: a.date, start: a.start,
    end: a.end, status: a.status, dayOff: isDayOffRecord(a),
    ...(kind === 'appointment.created' && a.sendConfirmation ? { sendConfirmation: true } : {}),
  });
}
