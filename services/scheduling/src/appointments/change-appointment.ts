import type { AppointmentPatchBody } from '@turnbook/contracts/schemas/scheduling';
import { formatTime12, MINUTES_PER_DAY, realMinutes, statusAfterEdit, storeDay, toMinutes } from '@turnbook/domain';
import { MESSAGES } from '@turnbook/contracts';
import { AppError, badRequest, type EventBus } from '@turnbook/service-kit';
import { timeRange } from '../days-off/day-off-rules';
import type { CustomersClient } from '../clients/customers-client';
import type { CustomerCopyRepository } from '../customer-appointments/customer-copies';
import { catchUpCustomerDetails } from '../customer-appointments/late-customer-details';
import type { LogRepository } from '../logs/repository';
import type { ServiceRepository } from '../services/repository';
import type { StaffRepository } from '../staff/repository';
import type { StoreRepository } from '../stores/repository';
import { bookableStaff, customerOfStore, insideStoreHours, logRecord, notBeforeToday, onTheStoreClock, overlapsOf, overlapText, serviceSnapshots, staffWorksThatDay, unassignedText, type Overlap } from './appointment-rules';
import { isLive } from './claims';
import { appointmentEvent } from './events';
import type { AppointmentDoc } from './model';
import { asRead, onLatest } from './on-latest';
import type { AppointmentRepository } from './repository';
import { appointmentView } from './view';

export interface ChangeAppointmentDeps {
  stores: Pick<StoreRepository, 'byId'>;
  staff: Pick<StaffRepository, 'byId'>;
  services: Pick<ServiceRepository, 'ofStore'>;
  appointments: Pick<AppointmentRepository, 'byId' | 'update' | 'delete' | 'model' | 'elsewhere' | 'setCustomerDetails'>;
  logs: Pick<LogRepository, 'add'>;
  customerCopies: Pick<CustomerCopyRepository, 'detailsOf'>;
  customers: Pick<CustomersClient, 'byId'>;
  bus: EventBus;
}

type WriteAnswer = { appointment: ReturnType<typeof appointmentView>; overlaps?: Overlap[]; notice?: string };

/**
 * The new start and end: a start alone is a reschedule that keeps the length (docs/product/statuses.md). The
 * length is the shorter of paper and real time on its old date: an appointment spanning a clock change keeps
 * the minutes it was booked for (1:30-3:15 am on a spring-forward night is 45 minutes, not 105).
 */
function newTimes(a: AppointmentDoc, body: AppointmentPatchBody, zone: string) {
  if (body.start !== undefined && body.end === undefined) {
    const startMin = toMinutes(body.start);
    if (startMin === null) throw badRequest('start', "start: must be a time like '09:30 am'");
    const length = Math.min(a.endMin - a.startMin, realMinutes(storeDay(zone, a.date, null), a.startMin, a.endMin));
    const endMin = startMin + length;
    if (endMin >= MINUTES_PER_DAY) throw badRequest('start', 'start: the appointment would end after midnight');
    return { start: formatTime12(startMin), end: formatTime12(endMin), startMin, endMin };
  }
  return timeRange(body.start ?? a.start, body.end ?? a.end);
}

/**
 * An edit, reschedule, note, reassignment or check-out of a regular appointment (the router loaded it and
 * the table said who may). Moving it claims its new steps and lets the old ones go; an overlap is allowed
 * and named, as for a booking. Only what the body changes is written, onto the revision it was checked
 * against (another write meanwhile: checked and applied again to the latest).
 */
export function changeAppointment(deps: ChangeAppointmentDeps, read: AppointmentDoc, by: number, body: AppointmentPatchBody): Promise<WriteAnswer> {
  return onLatest(deps, read, (a) => changeOnce(deps, a, by, body));
}

async function changeOnce(deps: ChangeAppointmentDeps, a: AppointmentDoc, by: number, body: AppointmentPatchBody): Promise<WriteAnswer | null> {
  const store = await deps.stores.byId(a.storeId);
  const zone = store?.timezone ?? 'America/New_York';
  // A new staff member must be bookable (the TBD placeholder files it under Unassigned); the current one is
  // only named (a note on an archived one's old appointment is still fine).
  const named = body.staffId !== undefined && body.staffId !== a.staffId ? await bookableStaff(deps.staff, a.storeId, body.staffId) : null;
  const staff = named ? named.employee : await staffOf(deps, a);
  const changes: Partial<AppointmentDoc> = { modifiedBy: by };
  if (named) changes.staffId = named.staffId;
  if (body.date !== undefined && body.date !== a.date) {
    notBeforeToday(zone, body.date);
    changes.date = body.date;
  }
  const newTime = body.start !== undefined || body.end !== undefined;
  if (newTime || changes.date !== undefined) {
    // Times the store's clock shows on the (new) date: a start in a spring-forward gap is refused.
    const times = newTime ? newTimes(a, body, zone) : { start: a.start, end: a.end, startMin: a.startMin, endMin: a.endMin };
    Object.assign(changes, onTheStoreClock(zone, changes.date ?? a.date, times));
  }
  if (body.serviceIds !== undefined && body.serviceIds !== a.serviceIds) {
    const services = await serviceSnapshots(deps.services, a.storeId, body.serviceIds);
    changes.services = services;
    changes.serviceIds = services.map((s) => s.id).join(',');
  }
  let customerRead: { customerFname?: string } | undefined;
  if (body.customerId !== undefined && body.customerId !== a.customerId) {
    changes.customerId = body.customerId;
    customerRead = await customerOfStore(deps, a.storeId, body.customerId);
    Object.assign(changes, customerRead);
  }
  if (body.note !== undefined) changes.note = body.note;
  // The server decides the status (001 §4); the client's counts only as the cancel or approve it asks for.
  const status = statusAfterEdit(a.status, { staffId: body.staffId, asked: body.status });
  if (status !== a.status) changes.status = status;
  if (body.sale !== undefined) changes.sale = Math.round(body.sale * 100);
  // A request moved onto a staff column holds that staff member's own time, not its old claim.
  if (body.staffId !== undefined && body.staffId !== a.staffId) changes.claimStaffId = null;

  const next = { ...a, ...changes } as AppointmentDoc;
  const retimed = next.date !== a.date || next.startMin !== a.startMin || next.endMin !== a.endMin;
  // Ruling 5: a new time stays inside the store's hours that weekday (a note on an old walk-in at 3 am still saves).
  if (retimed && next.status !== 'CANCEL') insideStoreHours(store?.hours, next.date, next, body.start !== undefined ? 'start' : 'date');
  // Ruling 5: onto another staff member or date, they work that date (a new time the same day needs no check).
  if ((next.staffId !== a.staffId || next.date !== a.date) && isLive(next)) await staffWorksThatDay(deps.appointments, staff, next.date, a._id);
  const moved = retimed || next.staffId !== a.staffId || next.status !== a.status;
  const overlaps = moved ? await overlapsOf(deps.appointments, zone, next) : [];
  const saved = await deps.appointments.update(a._id, changes, [appointmentEvent(deps.bus, 'appointment.updated', next)], asRead(a));
  if (!saved) return null;
  // A customer created a moment ago may have been heard of between the read above and the update.
  if (customerRead) Object.assign(saved, await catchUpCustomerDetails(deps, a.storeId, body.customerId, customerRead));
  const view = appointmentView(saved, { staff });
  const what = body.sale !== undefined ? `checked out (sale ${body.sale})` : moved ? `moved to ${saved.date} ${saved.start} - ${saved.end}` : 'updated';
  await deps.logs.add({
    storeId: a.storeId,
    appointmentId: a._id,
    text: `Appointment ${what}${unassignedText(body.staffId ?? a.staffId, named?.notice)}${overlapText(overlaps)}`,
    appointment_log: logRecord(view, overlaps),
    createdBy: by,
  });
  return { appointment: view, ...(overlaps.length > 0 && { overlaps }), ...(named?.notice && { notice: named.notice }) };
}

/** The appointment's staff member for its view (null on a calendar column or another store's record). */
async function staffOf(deps: Pick<ChangeAppointmentDeps, 'staff'>, a: Pick<AppointmentDoc, 'staffId' | 'storeId'>) {
  const e = await deps.staff.byId(a.staffId);
  return e && e.storeId === a.storeId ? e : null;
}

/** cancelAppointment: a soft cancel; its steps are let go (to another live appointment still covering them). */
export async function cancelAppointment(deps: ChangeAppointmentDeps, a: AppointmentDoc, by: number): Promise<WriteAnswer> {
  const changes: Partial<AppointmentDoc> = { status: 'CANCEL', modifiedBy: by };
  const next = { ...a, ...changes } as AppointmentDoc;
  const saved = (await deps.appointments.update(a._id, changes, [appointmentEvent(deps.bus, 'appointment.updated', next)])) ?? next;
  const view = appointmentView(saved, { staff: await staffOf(deps, saved) });
  await deps.logs.add({ storeId: a.storeId, appointmentId: a._id, text: 'Appointment cancelled', appointment_log: logRecord(view, []), createdBy: by });
  return { appointment: view };
}

/** removeAppointment and DELETE appointment: the hard delete (owner, admin, superadmin). */
export async function removeAppointment(deps: ChangeAppointmentDeps, a: AppointmentDoc, by: number): Promise<{ success: true }> {
  await deps.appointments.delete(a._id, appointmentEvent(deps.bus, 'appointment.deleted', a));
  await deps.logs.add({ storeId: a.storeId, appointmentId: a._id, text: 'Appointment deleted', appointment_log: logRecord(appointmentView(a, {}), []), createdBy: by });
  return { success: true };
}

/** What approveAppointment answers: Approve on PENDING and MODIFYING, 'Keep appointment' on REQUEST CANCEL. */
const APPROVABLE = new Set(['PENDING', 'MODIFYING', 'REQUEST CANCEL']);

/**
 * approveAppointment: the request becomes APPROVED and holds its time again (a kept REQUEST CANCEL claims its
 * slot anew). Its claims were kept while it was pending, so an overlap can only come from a staff booking
 * made over it or, for a kept cancellation, from what took the freed time: it is refused (wouldOverlap,
 * naming them) unless the caller accepts the overlaps, and then the answer and the log name them.
 */
export function approveAppointment(deps: ChangeAppointmentDeps, read: AppointmentDoc, by: number, overlapsAccepted = false): Promise<WriteAnswer> {
  // On the latest revision: a request the customer cancelled meanwhile is not approved back.
  return onLatest(deps, read, (a) => approveOnce(deps, a, by, overlapsAccepted));
}

async function approveOnce(deps: ChangeAppointmentDeps, a: AppointmentDoc, by: number, overlapsAccepted: boolean): Promise<WriteAnswer | null> {
  if (!APPROVABLE.has(a.status)) throw new AppError('notARequest', MESSAGES.notARequest, 'id');
  const store = await deps.stores.byId(a.storeId);
  const changes: Partial<AppointmentDoc> = { status: 'APPROVED', modifiedBy: by };
  const next = { ...a, ...changes } as AppointmentDoc;
  const overlaps = await overlapsOf(deps.appointments, store?.timezone ?? 'America/New_York', next);
  // The approver sees an overlap before it exists: refused until they approve again having seen it.
  if (overlaps.length && !overlapsAccepted) {
    throw new AppError('wouldOverlap', `${MESSAGES.wouldOverlap}${overlapText(overlaps).replace(/^ \(overlaps (.*)\)$/, ' $1')}`, 'id');
  }
  const saved = await deps.appointments.update(a._id, changes, [appointmentEvent(deps.bus, 'appointment.updated', next)], asRead(a));
  if (!saved) return null;
  const view = appointmentView(saved, { staff: await staffOf(deps, saved) });
  const what = a.status === 'REQUEST CANCEL' ? 'kept (cancellation declined)' : 'approved';
  await deps.logs.add({ storeId: a.storeId, appointmentId: a._id, text: `Appointment ${what}${overlapText(overlaps)}`, appointment_log: logRecord(view, overlaps), createdBy: by });
  return overlaps.length ? { appointment: view, overlaps } : { appointment: view };
}
