import type { GroupBookingBody } from '@turnbook/contracts/schemas/appointments';
import { AppError } from '@turnbook/service-kit';
import { checkBooking, finishBooking, insertBooking, type BookAppointmentDeps, type BookingAnswer, type CheckedBooking } from './book-appointment';
import { appointmentEvent } from './events';
import type { AppointmentDoc } from './model';
import type { AppointmentRepository } from './repository';

export type BookGroupDeps = BookAppointmentDeps & { appointments: Pick<AppointmentRepository, 'delete'> };

/**
 * A group booking in one call (the calendar wizard's Group): every person checked first, as one booking
 * would be, then all written or none. A refusal names the member's field (`members.2.start`); a write that
 * fails part-way takes back the appointments already written before answering. The route's Idempotency-Key
 * makes a retry answer the first answer without writing again.
 */
export async function bookGroup(deps: BookGroupDeps, by: number, body: GroupBookingBody, from: { signInDevice?: boolean } = {}): Promise<{ appointments: BookingAnswer[] }> {
  const checked = await checkEveryMember(deps, by, body, from);
  const created = await insertAllOrNone(deps, checked);
  const written = created.map((c) => c._id);
  const appointments: BookingAnswer[] = [];
  for (const [i, c] of checked.entries()) appointments.push(await finishBooking(deps, by, c, created[i], written));
  return { appointments };
}

/** One member after another, so the first refused member (in the group's order) is the one named. */
async function checkEveryMember(deps: BookGroupDeps, by: number, body: GroupBookingBody, from: { signInDevice?: boolean }): Promise<CheckedBooking[]> {
  const checked: CheckedBooking[] = [];
  for (const [i, member] of body.members.entries()) {
    try {
      checked.push(await checkBooking(deps, by, { ...member, storeId: body.storeId }, from));
    } catch (err) {
      throw err instanceof AppError && err.field ? new AppError(err.code, err.message, `members.${i}.${err.field}`) : err;
    }
  }
  return checked;
}

async function insertAllOrNone(deps: BookGroupDeps, checked: CheckedBooking[]): Promise<AppointmentDoc[]> {
  const created: AppointmentDoc[] = [];
  try {
    for (const c of checked) created.push(await insertBooking(deps, c));
    return created;
  } catch (err) {
    // Their created events went out with them: the deleted events follow, so every reader drops them again.
    for (const a of created) await deps.appointments.delete(a._id, appointmentEvent(deps.bus, 'appointment.deleted', a));
    throw err;
  }
}
