import type { CreateLogBody, LogView, PublicCreateLogBody } from '@turnbook/contracts/schemas/logs';
import { digitsOnly } from '@turnbook/domain';
import { badRequest, type Caller } from '@turnbook/service-kit';
import { guestLimits, type GuestLimitDeps } from '../online-requests/guest-limits';
import { visitorAccount, type VisitorAccountDeps } from '../online-requests/visitor-account';
import type { AppointmentDoc } from '../appointments/model';
import { viewerFor, type ReadAppointmentsDeps, type ReadInput } from '../appointments/read-appointments';
import type { AppointmentRepository } from '../appointments/repository';
import { shaped, sightOf, type Sight } from '../appointments/visibility';
import type { LogDoc } from './model';
import type { LogRepository } from './repository';
import { logView } from './view';

export interface StoreLogsDeps {
  logs: Pick<LogRepository, 'add' | 'ofStore' | 'ofAppointment' | 'markRead'>;
  appointments: Pick<AppointmentRepository, 'byId'>;
  /** the store and its staff, for who sees what of an appointment (its History follows the calendar's rule) */
  configs: ReadAppointmentsDeps['configs'];
}

export type PublicLogDeps = StoreLogsDeps & VisitorAccountDeps & GuestLimitDeps;

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

/**
 * public_createLog: the booking page logs its request; the answer is the entry's id only. Only the account
 * the request was made from (proved as for the request itself) may log on it, and only while it waits for
 * the store, so no one writes into another visitor's or the salon's history. Rate limited like the request.
 */
export async function createPublicLog(deps: PublicLogDeps, input: { body: PublicCreateLogBody; caller?: Caller; ip?: string }): Promise<{ log: { id: number } }> {
  const { body } = input;
  await guestLimits.byAddressAndStore(deps, 'log', { ip: input.ip, storeId: body.storeId });
  const account = await visitorAccount(deps, input.caller, body.userId);
  await guestLimits.byPhone(deps, 'log', digitsOnly(account.phone));
  const a = await appointmentOfStore(deps, body);
  if (!ONLINE_WAITING.has(a.status) || a.createdBy !== 0 || a.accountId == null || a.accountId !== account.id) {
    throw badRequest('appointmentId', 'appointmentId: must be an online request made from your account, waiting for the store');
  }
  const saved = await deps.logs.add({ storeId: body.storeId, appointmentId: body.appointmentId, text: body.text, appointment_log: body.appointment_log, createdBy: 0 });
  return { log: { id: saved._id } };
}

export async function storeLogs(deps: StoreLogsDeps, storeId: number, callerUserId: number): Promise<{ logs: LogView[] }> {
  return { logs: (await deps.logs.ofStore(storeId)).map((l) => logView(l, callerUserId)) };
}

/**
 * An appointment's History, oldest first, showing no more than the calendar shows this caller of the
 * appointment (docs/product/roles.md): nothing when they may not see it, no sale where they see none.
 */
export async function appointmentLogs(deps: StoreLogsDeps, a: AppointmentDoc, input: ReadInput, readerId: number): Promise<{ logs: LogView[] }> {
  const { viewer } = await viewerFor(deps, input);
  const sight = sightOf(viewer, a);
  if (!sight) return { logs: [] };
  return { logs: (await deps.logs.ofAppointment(a._id)).map((l) => seen(logView(l, readerId), sight)) };
}

/** How check-out entries name the amount ('Appointment checked out (sale 46)'). */
const SALE_IN_TEXT = / \(sale [^)]*\)/g;

/** One History entry cut to the caller's sight of its appointment: its text and its snapshot. */
function seen(log: LogView, sight: Sight): LogView {
  if (sight.sale && sight.customer) return log;
  const text = sight.sale ? log.text : log.text.replace(SALE_IN_TEXT, '');
  return { ...log, text, appointment_log: shapedSnapshot(log.appointment_log, sight) };
}

function shapedSnapshot(snapshot: string, sight: Sight): string {
  if (!snapshot) return snapshot;
  try {
    return JSON.stringify(shaped(JSON.parse(snapshot) as object, sight));
  } catch {
    // not a snapshot we wrote (the calendar's own entries may carry anything): not shown to a partial sight
    return '';
  }
}

/** markRead answers the entry as the appointment's History shows it to this caller. */
export async function markRead(deps: StoreLogsDeps, log: LogDoc, input: ReadInput, readerId: number): Promise<{ log: LogView }> {
  const saved = (await deps.logs.markRead(log._id, readerId)) ?? log;
  const a = await deps.appointments.byId(saved.appointmentId);
  const sight = a ? sightOf((await viewerFor(deps, input)).viewer, a) : null;
  const view = logView(saved, readerId);
  return { log: sight ? seen(view, sight) : { ...view, text: '', appointment_log: '' } };
}
