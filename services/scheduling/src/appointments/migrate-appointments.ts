import { MESSAGES } from '@turnbook/contracts';
import { badRequest, notFound, type EventBus } from '@turnbook/service-kit';
import type { LogRepository } from '../logs/repository';
import type { StaffRepository } from '../staff/repository';
import type { StoreRepository } from '../stores/repository';
import { logRecord } from './appointment-rules';
import { appointmentEvent } from './events';
import type { AppointmentDoc } from './model';
import type { AppointmentRepository } from './repository';
import { appointmentView } from './view';

export interface MigrateAppointmentsDeps {
  stores: Pick<StoreRepository, 'byId'>;
  staff: Pick<StaffRepository, 'byId'>;
  appointments: Pick<AppointmentRepository, 'ofStaff' | 'update'>;
  logs: Pick<LogRepository, 'add'>;
  bus: EventBus;
}

/**
 * The super admin's 'Migrate Appointment by staffId': every appointment of one staff member of a store moves
 * to another, one write each so each carries its event, its claims and a log entry.
 */
export async function migrateAppointments(deps: MigrateAppointmentsDeps, by: number, body: { storeId: number; source: number; dest: number }): Promise<{ success: true; moved: number }> {
  const store = await deps.stores.byId(body.storeId);
  if (!store) throw notFound(MESSAGES.migrationStoreNotFound);
  const notStaff = { source: MESSAGES.migrationSourceNotStaff, dest: MESSAGES.migrationDestNotStaff };
  for (const [field, id] of [['source', body.source], ['dest', body.dest]] as const) {
    const e = await deps.staff.byId(id);
    if (!e || e.storeId !== store._id) throw badRequest(field, notStaff[field]);
  }
  const list = await deps.appointments.ofStaff(store._id, body.source);
  for (const a of list) {
    const next: AppointmentDoc = { ...a, staffId: body.dest, modifiedBy: by };
    await deps.appointments.update(a._id, { staffId: body.dest, modifiedBy: by }, [appointmentEvent(deps.bus, 'appointment.updated', next)]);
    await deps.logs.add({ storeId: store._id, appointmentId: a._id, text: `Appointment migrated from staff ${body.source} to ${body.dest}`, appointment_log: logRecord(appointmentView(next, {}), []), createdBy: by });
  }
  return { success: true, moved: list.length };
}
