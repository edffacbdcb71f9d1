import { MESSAGES } from '@turnbook/contracts';
import type { AppointmentCreateBody, AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { isDayOffRecord } from '@turnbook/domain';
import { notFound, type EventBus } from '@turnbook/service-kit';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentRepository } from '../appointments/repository';
import { appointmentView } from '../appointments/view';
import type { StaffRepository } from '../staff/repository';
import type { StoreRepository } from '../stores/repository';
import { dayOffOnly, notPastDayOff, staffOfStore, timeRange } from './day-off-rules';

export interface AddDayOffDeps {
  stores: Pick<StoreRepository, 'byId'>;
  staff: Pick<StaffRepository, 'byId'>;
  appointments: Pick<AppointmentRepository, 'insert'>;
  bus: EventBus;
}

/** A day off is an appointment record with customerId 0 and serviceIds '0'; stored with its event. */
export async function addDayOff(deps: AddDayOffDeps, by: number, body: AppointmentCreateBody): Promise<{ appointment: AppointmentView }> {
  if (!isDayOffRecord(body)) throw dayOffOnly();
  const store = await deps.stores.byId(body.storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  notPastDayOff(store.timezone, body.date);
  const staff = await staffOfStore(deps.staff, body.storeId, body.staffId);
  const created = await deps.appointments.insert(
    {
      storeId: body.storeId,
      staffId: body.staffId,
      customerId: 0,
      serviceIds: '0',
      services: [],
      date: body.date,
      ...timeRange(body.start, body.end),
      // The calendar greys out records whose note is OFF.
      note: body.note || 'OFF',
      status: 'ON',
      createdBy: by,
      modifiedBy: by,
      sale: 0,
    },
    (doc) => [appointmentEvent(deps.bus, 'appointment.created', doc)],
  );
  return { appointment: appointmentView(created, { staff }) };
}
