import type { AppointmentPatchBody, AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { isDayOffRecord } from '@turnbook/domain';
import type { EventBus } from '@turnbook/service-kit';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentDoc } from '../appointments/model';
import { asRead, onLatest } from '../appointments/on-latest';
import type { AppointmentRepository } from '../appointments/repository';
import { appointmentView } from '../appointments/view';
import type { StaffRepository } from '../staff/repository';
import type { StoreRepository } from '../stores/repository';
import { dayOffOnly, notPastDayOff, staffOfStore, timeRange } from './day-off-rules';

export interface ChangeDayOffDeps {
  stores: Pick<StoreRepository, 'byId'>;
  staff: Pick<StaffRepository, 'byId'>;
  appointments: Pick<AppointmentRepository, 'byId' | 'update'>;
  bus: EventBus;
}

/**
 * Moves a day off (date, times, note, staff member); the router loaded it and the table said who may. Only
 * what the body changes is written, onto the revision it was checked against (another write meanwhile:
 * checked and applied again to the latest), so a reassignment beside a move keeps both.
 */
export function changeDayOff(deps: ChangeDayOffDeps, read: AppointmentDoc, by: number, body: AppointmentPatchBody): Promise<{ appointment: AppointmentView }> {
  return onLatest(deps, read, (a) => changeOnce(deps, a, by, body));
}

async function changeOnce(deps: ChangeDayOffDeps, a: AppointmentDoc, by: number, body: AppointmentPatchBody): Promise<{ appointment: AppointmentView } | null> {
  if (!isDayOffRecord(a)) throw dayOffOnly();
  if ((body.customerId !== undefined && body.customerId !== 0) || (body.serviceIds !== undefined && body.serviceIds !== '0')) throw dayOffOnly();
  const changes: Partial<AppointmentDoc> = { modifiedBy: by };
  if (body.date !== undefined && body.date !== a.date) {
    // Moved to another day: that day must not be past (a past day off's note or times may still be corrected).
    const store = await deps.stores.byId(a.storeId);
    if (store) notPastDayOff(store.timezone, body.date);
    changes.date = body.date;
  }
  const staff = await staffOfStore(deps.staff, a.storeId, body.staffId ?? a.staffId);
  if (staff._id !== a.staffId) changes.staffId = staff._id;
  // A new start or end is checked against the other one as it is now.
  if (body.start !== undefined || body.end !== undefined) Object.assign(changes, timeRange(body.start ?? a.start, body.end ?? a.end));
  if (body.note !== undefined) changes.note = body.note || 'OFF';
  const next = { ...a, ...changes } as AppointmentDoc;
  const saved = await deps.appointments.update(a._id, changes, [appointmentEvent(deps.bus, 'appointment.updated', next)], asRead(a));
  return saved && { appointment: appointmentView(saved, { staff }) };
}
