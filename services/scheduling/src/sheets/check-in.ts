import { formatTime12, toMinutes, turnWeight, type TurnWeight } from '@turnbook/domain';
import { MESSAGES } from '@turnbook/contracts';
import type { SheetView } from '@turnbook/contracts/schemas/frontdesk';
import { AppError, badRequest, conflict } from '@turnbook/service-kit';
import type { AppointmentDoc } from '../appointments/model';
import type { EmployeeDoc } from '../staff/model';
import { displayName } from '../staff/view';
import type { Actor } from '../turns/actor';
import { appendChange, ensureTurnDay } from '../turns/day-of-turns';
import { sheetCheckedIn, sheetUpdated } from './events';
import type { SheetDoc } from './model';
import { linkedAppointment, saveSheet, sheetChanges, staffIdsOf, staffNamed, type SheetChangeDeps, type SheetPatch } from './save-sheet';

const norm = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();

/** The services' prices together, in cents: the linked appointment's, else the services named on the sheet. */
async function priceCents(deps: Pick<SheetChangeDeps, 'services'>, sheet: SheetDoc, appointment: AppointmentDoc | null): Promise<number> {
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
async function recordTurns(deps: SheetChangeDeps, sheet: SheetDoc, staff: EmployeeDoc[], weight: TurnWeight, actor: Actor, reason: string | null): Promise<number[]> {
  const { day } = await ensureTurnDay(deps, sheet.storeId, sheet.date, actor);
  const seqs: number[] = [];
  for (const e of staff) {
    const entry = await appendChange(deps, day, { kind: 'checkin', staff: { id: e._id, name: displayName(e) }, weight, sheetId: sheet._id, reason, by: actor });
    seqs.push(entry.seq);
  }
  return seqs;
}

/**
 * PATCH sheet/{id}'s check-in ({staffId, staff_fname, checked} on a sheet not checked in yet): one staff
 * member for a sheet with an appointment; sets checked, puts the appointment ON with that staff member,
 * moves them to the end of the day's turns (the log) and counts the visit (sheet.checked_in).
 */
export async function checkInSheet(deps: SheetChangeDeps, sheet: SheetDoc, body: SheetPatch, actor: Actor): Promise<{ sheet: SheetView }> {
  const ids = staffIdsOf(body);
  if (!ids?.length) throw badRequest('staffId', 'staffId: choose a staff member to check in');
  if (sheet.appointment_id != null && ids.length > 1) throw new AppError('oneStaffForCheckIn', MESSAGES.oneStaffForCheckIn, 'staffId');
  const staff = await staffNamed(deps, sheet.storeId, [...new Set(ids)]);
  const changes = sheetChanges(body, staff);
  // One check-in per sheet, even from two front desks at once: the second is told, and records no turn.
  if (!(await deps.sheets.claimCheckIn(sheet._id))) throw conflict(MESSAGES.sheetCheckedInElsewhere);
  try {
    const appointment = await linkedAppointment(deps, sheet);
    // Only Check In moves a name in the turns (002 §4, 001 §4).
    const policy = await deps.turns.policyOf(sheet.storeId);
    const weight = turnWeight(policy, {
      priceCents: await priceCents(deps, sheet, appointment),
      isAppointment: !!appointment && !appointment.walkIn,
      isRequested: asks(sheet, staff[0]),
    });
    changes.checked = formatTime12(toMinutes(body.checked!) ?? 0);
    changes.turnWeight = weight;
    changes.turnSeqs = await recordTurns(deps, sheet, staff, weight, actor, null);
    const events = (after: SheetDoc) => [sheetUpdated(deps.bus, after), sheetCheckedIn(deps.bus, after, appointment && appointment.customerId > 0 ? appointment.customerId : null)];
    return await saveSheet(deps, sheet, changes, events, appointment && staff[0] ? { appointment, serving: staff[0] } : null, actor);
  } catch (err) {
    await deps.sheets.releaseCheckIn(sheet._id);
    throw err;
  }
}
