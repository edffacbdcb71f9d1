import { isRealStaff } from '@turnbook/domain';
import { MESSAGES, type BodyOf, type EventEnvelope } from '@turnbook/contracts';
import type { SheetView } from '@turnbook/contracts/schemas/frontdesk';
import { badRequest, notFound, type EventBus } from '@turnbook/service-kit';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentDoc } from '../appointments/model';
import type { AppointmentRepository } from '../appointments/repository';
import type { ServiceRepository } from '../services/repository';
import type { EmployeeDoc } from '../staff/model';
import type { StaffRepository } from '../staff/repository';
import { displayName } from '../staff/view';
import type { Actor } from '../turns/actor';
import type { TurnRepository } from '../turns/repository';
import type { SheetDoc } from './model';
import type { SheetChanges, SheetRepository } from './repository';
import { sheetView } from './view';

/** What PATCH sheet/{id} needs, for a check-in and for an update. */
export interface SheetChangeDeps {
  sheets: Pick<SheetRepository, 'update' | 'claimCheckIn' | 'releaseCheckIn'>;
  staff: Pick<StaffRepository, 'byIds'>;
  services: Pick<ServiceRepository, 'ofStore'>;
  appointments: Pick<AppointmentRepository, 'byId' | 'update'>;
  turns: Pick<TurnRepository, 'ensureDay' | 'entries' | 'policyOf' | 'append'>;
  bus: EventBus;
}

export type SheetPatch = BodyOf<'PATCH sheet/{id}'>;

/** PATCH sheet/{id} is a check-in when it sends `checked` for a sheet not checked in yet; otherwise an update. */
export const isCheckIn = (sheet: SheetDoc, body: SheetPatch) => !sheet.checked && body.checked != null;

/** The staff ids the body names ('12, 14'), or null when it names none. */
export const staffIdsOf = (body: SheetPatch): number[] | null =>
  body.staffId !== undefined ? body.staffId.split(',').map((s) => Number(s.trim())).filter((n) => n > 0) : null;

/** The staff members named, each one an active member of the sheet's store, in the order given. */
export async function staffNamed(deps: Pick<SheetChangeDeps, 'staff'>, storeId: number, ids: number[]): Promise<EmployeeDoc[]> {
  const found = new Map((await deps.staff.byIds(ids)).map((e) => [e._id, e]));
  const bad = ids.filter((id) => {
    const e = found.get(id);
    return !e || e.storeId !== storeId || !isRealStaff(e);
  });
  if (bad.length) throw badRequest('staffId', `staffId: ${bad.join(', ')} ${bad.length === 1 ? 'is not an active staff member' : 'are not active staff members'} of this store`);
  return ids.map((id) => found.get(id)!);
}

/** The sheet's changes a body asks for: its note, and the staff serving with their names. */
export function sheetChanges(body: SheetPatch, staff: EmployeeDoc[] | null): SheetChanges {
  const changes: SheetChanges = {};
  if (body.note !== undefined) changes.note = body.note;
  if (staff) {
    changes.staffId = staff.map((e) => e._id).join(', ');
    changes.staff_fname = staff.map(displayName).join(', ');
    changes.nickname = staff[0]?.nickname || null;
    changes.userFname = staff[0] ? displayName(staff[0]) : null;
  }
  return changes;
}

/** The appointment the sheet is linked to (the kiosk's walk-in, or the booking the person signed in for). */
export const linkedAppointment = (deps: Pick<SheetChangeDeps, 'appointments'>, sheet: SheetDoc) =>
  sheet.appointment_id != null ? deps.appointments.byId(sheet.appointment_id) : Promise.resolve(null);

/**
 * Saves the sheet's changes with their events; then, when `follow` names them, the linked appointment
 * follows its sheet: ON with the (first) serving staff member.
 */
export async function saveSheet(
  deps: SheetChangeDeps,
  sheet: SheetDoc,
  changes: SheetChanges,
  events: (after: SheetDoc) => EventEnvelope[],
  follow: { appointment: AppointmentDoc; serving: EmployeeDoc } | null,
  actor: Actor,
): Promise<{ sheet: SheetView }> {
  const saved = await deps.sheets.update(sheet._id, changes, events);
  if (!saved) throw notFound(MESSAGES.sheetNotFound);
  if (follow) {
    const { appointment, serving } = follow;
    const next = { ...appointment, staffId: serving._id, status: 'ON' as const, modifiedBy: actor.id, claimStaffId: null };
    await deps.appointments.update(appointment._id, { staffId: serving._id, status: 'ON', modifiedBy: actor.id, claimStaffId: null }, [appointmentEvent(deps.bus, 'appointment.updated', next)]);
  }
  return { sheet: sheetView(saved) };
}
