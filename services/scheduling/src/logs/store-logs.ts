import type { CreateLogBody, LogView } from '@turnbook/contracts/schemas/logs';
import { badRequest } from '@turnbook/service-kit';
import type { AppointmentDoc } from '../appointments/model';
import type { AppointmentRepository } from '../appointments/repository';
import type { LogDoc } from './model';
import type { LogRepository } from './repository';
import { logView } from './view';

export interface StoreLogsDeps {
  logs: Pick<LogRepository, 'add' | 'ofStore' | 'ofAppointment' | 'markRead'>;
  appointments: Pick<AppointmentRepository, 'byId'>;
}

/** What the booking page may log: its own request, still waiting for the store. */
const ONLINE_WAITING = new Set(['PENDING', 'MODIFYING']);

async function appointmentOfStore(deps: StoreLogsDeps, body: CreateLogBody): Promise<AppointmentDoc> {
  const a = await deps.appointments.byId(body.appointmentId);
  if (!a || a.storeId !== body.storeId) throw badRequest('appointmentId', 'appointmentId: must be an appointment of this store');
  return a;
}

/** create-log: the calendar's own entries ('created by' is the caller, 0 for the front desk). */
export async function createLog(deps: StoreLogsDeps, by: number, body: CreateLogBody): Promise<{ log: LogView }> {
  await appointmentOfStore(deps, body);
  const saved = await deps.logs.add({ storeId: body.storeId, appointmentId: body.appointmentId, text: body.text, appointment_log: body.appointment_log, createdBy: by });
  return { log: logView(saved, by) };
}

/** public_createLog: the booking page logs its request; the answer is the entry's id only. */
export async function createPublicLog(deps: StoreLogsDeps, body: CreateLogBody): Promise<{ log: { id: number } }> {
  const a = await appointmentOfStore(deps, body);
  if (!ONLINE_WAITING.has(a.status) || a.createdBy !== 0) throw badRequest('appointmentId', 'appointmentId: must be an online request waiting for the store');
  const saved = await deps.logs.add({ storeId: body.storeId, appointmentId: body.appointmentId, text: body.text, appointment_log: body.appointment_log, createdBy: 0 });
  return { log: { id: saved._id } };
}

export async function storeLogs(deps: StoreLogsDeps, storeId: number, callerUserId: number): Promise<{ logs: LogView[] }> {
  return { logs: (await deps.logs.ofStore(storeId)).map((l) => logView(l, callerUserId)) };
}

/** An appointment's History, oldest first. */
export async function appointmentLogs(deps: StoreLogsDeps, appointmentId: number, callerUserId: number): Promise<{ logs: LogView[] }> {
  return { logs: (await deps.logs.ofAppointment(appointmentId)).map((l) => logView(l, callerUserId)) };
}

export async function markRead(deps: StoreLogsDeps, log: LogDoc, callerUserId: number): Promise<{ log: LogView }> {
  const saved = (await deps.logs.markRead(log._id, callerUserId)) ?? log;
  return { log: logView(saved, callerUserId) };
}
