import type { AppointmentPatchBody, AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { isDayOffRecord } from '@turnbook/domain';
import type { EventBus } from '@turnbook/service-kit';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentDoc } from '../appointments/model';
import type { AppointmentRepository } from '../appointments/repository';
import { appointmentView } from '../appointments/view';
import type { StaffRepository } from '../staff/repository';
import type { StoreRepository } from '../stores/repository';
import { dayOffOnly, notPastDayOff, staffOfStore, timeRange } from './day-off-rules';

export interface ChangeDayOffDeps {
  stores: Pick<StoreRepository, 'byId'>;
  staff: Pick<StaffRepository, 'byId'>;
  appointments: Pick<AppointmentRepository, 'update'>;
  bus: EventBus;
}

/** Moves a day off (date, times, note, staff member); the router loaded it and the table said who may. */
export async function changeDayOff(deps: ChangeDayOffDeps, a: AppointmentDoc, by: number, body: AppointmentPatchBody): Promise<{ appointment: AppointmentView }> {
  if (!isDayOffRecord(a)) throw dayOffOnly();
  if ((body.customerId !== undefined && body.customerId !== 0) || (body.serviceIds !== undefined && body.serviceIds !== '0')) throw dayOffOnly();
  if (body.date !== undefined && body.date !== a.date) {
    // Moved to another day: that day must not be past (a past day off's note or times may still be corrected).
    const store = await deps.stores.byId(a.storeId);
    if (store) notPastDayOff(store.timezone, body.date);
  }
  const staff = await staffOfStore(deps.staff, a.storeId, body.staffId ?? a.staffId);
  const changes: Partial<AppointmentDoc> = {
    staffId: staff._id,
    date: body.date ?? a.date,
    ...timeRange(body.start ?? a.start, body.end ?? a.end),
    modifiedBy: by,
  };
  if (body.note !== undefined) changes.note = body.note || 'OFF';
  const next = { ...a, ...changes } as AppointmentDoc;
  const saved = await deps.appointments.update(a._id, changes, [appointmentEvent(deps.bus, 'appointment.updated', next)]);
  return { appointment: appointmentView(saved ?? next, { staff }) };
}
