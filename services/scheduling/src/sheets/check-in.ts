import { formatTime12, isRealStaff, toMinutes, turnWeight, type TurnWeight } from '@turnbook/domain';
import { MESSAGES, type BodyOf } from '@turnbook/contracts';
import type { SheetView } from '@turnbook/contracts/schemas/frontdesk';
import { AppError, badRequest, conflict, notFound, type EventBus } from '@turnbook/service-kit';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentDoc } from '../appointments/model';
import type { AppointmentRepository } from '../appointments/repository';
import type { ServiceRepository } from '../services/repository';
import type { EmployeeDoc } from '../staff/model';
import type { StaffRepository } from '../staff/repository';
import { displayName } from '../staff/view';
import type { Actor } from '../turns/actor';
import { appendChange, ensureTurnDay } from '../turns/day-of-turns';
import type { TurnRepository } from '../turns/repository';
import { sheetCheckedIn, sheetUpdated } from './events';
import type { SheetDoc } from './model';
import type { SheetChanges, SheetRepository } from './repository';
import { sheetView } from './view';

export interface CheckInDeps {
  sheets: Pick<SheetRepository, 'update' | 'claimCheckIn' | 'releaseCheckIn'>;
  staff: Pick<StaffRepository, 'byIds'>;
  services: Pick<ServiceRepository, 'ofStore'>;
  appointments: Pick<AppointmentRepository, 'byId' | 'update'>;
  turns: Pick<TurnRepository, 'ensureDay' | 'entries' | 'policyOf' | 'append'>;
  bus: EventBus;
}

const norm = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();

/** The staff members named, each one an active member of the sheet's store, in the order given. */
async function staffNamed(deps: Pick<CheckInDeps, 'staff'>, storeId: number, ids: number[]): Promise<EmployeeDoc[]> {
  const found = new Map((await deps.staff.byIds(ids)).map((e) => [e._id, e]));
  const bad = ids.filter((id) => {
    const e = found.get(id);
    return !e || e.storeId !== storeId || !isRealStaff(e);
  });
  if (bad.length) throw badRequest('staffId', `staffId: ${bad.join(', ')} ${bad.length === 1 ? 'is not an active staff member' : 'are not active staff members'} of this store`);
  return ids.map((id) => found.get(id)!);
}

/** The services' prices together, in cents: the linked appointment's, else the services named on the sheet. */
async function priceCents(deps: Pick<CheckInDeps, 'services'>, sheet: SheetDoc, appointment: AppointmentDoc | null): Promise<number> {
  if (appointment?.services?.length) return Math.round(appointment.services.reduce((sum, s) => sum + (s?.price ?? 0), 0) * 100);
  const asked = new Set(sheet.service_by_customer.split(',').map(norm).filter(Boolean));
  const services = await deps.services.ofStore(sheet.storeId);
  return Math.round(services.filter((s) => asked.has(norm(s.name))).reduce((sum, s) => sum + (s.priceCents ?? 0), 0));
}

const asks = (sheet: SheetDoc, e: EmployeeDoc) => {
  const wanted = norm(sheet.staff_by_customer);
  return !!wanted && [displayName(e), e.fname, e.nickname].some((n) => norm(n) === wanted);
};

/** Appends the check-in of each staff member to the day's turns; answers the entries' seqs. */
async function recordTurns(deps: CheckInDeps, sheet: SheetDoc, staff: EmployeeDoc[], weight: TurnWeight, actor: Actor, reason: string | null): Promise<number[]> {
  const { day } = await ensureTurnDay(deps, sheet.storeId, sheet.date, actor);
  const seqs: number[] = [];
  for (const e of staff) {
    const entry = await appendChange(deps, day, { kind: 'checkin', staff: { id: e._id, name: displayName(e) }, weight, sheetId: sheet._id, reason, by: actor });
    seqs.push(entry.seq);
  }
  return seqs;
}

/**
 * PATCH sheet/{id}. Check-in ({staffId, staff_fname, checked} on a sheet not checked in yet): one staff
 * member for a sheet with an appointment; sets checked, puts the appointment ON with that staff member,
 * moves them to the end of the day's turns (the log) and counts the visit (sheet.checked_in). Update
 * ({staffId, staff_fname, note} once checked in) saves staff and note only: the turns stay as the check-in
 * left them (a wrong check-in is put right in the turns themselves). A note alone is a note.
 */
export async function patchSheet(deps: CheckInDeps, sheet: SheetDoc, body: BodyOf<'PATCH sheet/{id}'>, actor: Actor): Promise<{ sheet: SheetView }> {
  const ids = body.staffId !== undefined ? body.staffId.split(',').map((s) => Number(s.trim())).filter((n) => n > 0) : null;
  const checkingIn = !sheet.checked && body.checked != null;
  if (checkingIn) {
    if (!ids?.length) throw badRequest('staffId', 'staffId: choose a staff member to check in');
    if (sheet.appointment_id != null && ids.length > 1) throw new AppError('oneStaffForCheckIn', MESSAGES.oneStaffForCheckIn, 'staffId');
  }
  const staff = ids ? await staffNamed(deps, sheet.storeId, [...new Set(ids)]) : null;
  const changes: SheetChanges = {};
  if (body.note !== undefined) changes.note = body.note;
  if (staff) {
    changes.staffId = staff.map((e) => e._id).join(', ');
    changes.staff_fname = staff.map(displayName).join(', ');
    changes.nickname = staff[0]?.nickname || null;
    changes.userFname = staff[0] ? displayName(staff[0]) : null;
  }
  // One check-in per sheet, even from two front desks at once: the second is told, and records no turn.
  const claimed = checkingIn && staff ? await deps.sheets.claimCheckIn(sheet._id) : false;
  if (checkingIn && staff && !claimed) throw conflict(MESSAGES.sheetCheckedInElsewhere);
  try {
    return await saveSheet(deps, sheet, body, actor, { checkingIn, staff, changes });
  } catch (err) {
    if (claimed) await deps.sheets.releaseCheckIn(sheet._id);
    throw err;
  }
}

async function saveSheet(
  deps: CheckInDeps,
  sheet: SheetDoc,
  body: BodyOf<'PATCH sheet/{id}'>,
  actor: Actor,
  { checkingIn, staff, changes }: { checkingIn: boolean; staff: EmployeeDoc[] | null; changes: SheetChanges },
): Promise<{ sheet: SheetView }> {
  const appointment = sheet.appointment_id != null ? await deps.appointments.byId(sheet.appointment_id) : null;

  // Only Check In moves a name in the turns (002 §4, 001 §4). Update, on a sheet already checked in, saves
  // staff and note only: a staff member added or swapped there gets no turn, and nobody loses one.
  if (checkingIn && staff) {
    const policy = await deps.turns.policyOf(sheet.storeId);
    const weight = turnWeight(policy, {
      priceCents: await priceCents(deps, sheet, appointment),
      isAppointment: !!appointment && !appointment.walkIn,
      isRequested: asks(sheet, staff[0]),
    });
    changes.checked = formatTime12(toMinutes(body.checked!) ?? 0);
    changes.turnWeight = weight;
    changes.turnSeqs = await recordTurns(deps, sheet, staff, weight, actor, null);
  }
  const saved = await deps.sheets.update(sheet._id, changes, (after) =>
    checkingIn ? [sheetUpdated(deps.bus, after), sheetCheckedIn(deps.bus, after, appointment && appointment.customerId > 0 ? appointment.customerId : null)] : [sheetUpdated(deps.bus, after)],
  );
  if (!saved) throw notFound(MESSAGES.sheetNotFound);

  // The linked appointment follows its sheet: ON with the (first) serving staff member.
  const serving = staff?.[0];
  if (appointment && serving && (checkingIn || (sheet.checked && appointment.staffId !== serving._id))) {
    const next = { ...appointment, staffId: serving._id, status: 'ON' as const, modifiedBy: actor.id, claimStaffId: null };
    await deps.appointments.update(appointment._id, { staffId: serving._id, status: 'ON', modifiedBy: actor.id, claimStaffId: null }, [appointmentEvent(deps.bus, 'appointment.updated', next)]);
  }
  return { sheet: sheetView(saved) };
}
