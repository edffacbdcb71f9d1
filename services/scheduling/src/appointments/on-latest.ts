import { MESSAGES } from '@turnbook/contracts';
import { AppError, notFound } from '@turnbook/service-kit';
import type { AppointmentDoc } from './model';
import type { AppointmentRepository } from './repository';

/** How often a write is applied again to the latest record when other writes keep landing between its read and its write. */
const MAX_REAPPLIES = 5;

/**
 * Applies a write to the record as read, and again to the latest one while another write landed between
 * (`write` answers null when the record's revision moved): each caller's change is kept, none is written
 * over with what another read before it (a reassignment beside a reschedule used to lose one of them).
 */
export async function onLatest<T>(deps: { appointments: Pick<AppointmentRepository, 'byId'> }, read: AppointmentDoc, write: (a: AppointmentDoc) => Promise<T | null>): Promise<T> {
  let a = read;
  for (let attempt = 0; ; attempt++) {
    const done = await write(a);
    if (done !== null) return done;
    const latest = await deps.appointments.byId(a._id);
    if (!latest) throw notFound(MESSAGES.appointmentNotFound);
    if (attempt >= MAX_REAPPLIES) throw new AppError('conflict', MESSAGES.appointmentBusy, 'id');
    a = latest;
  }
}

/** The revision a write was computed from: it lands only while the record is still at that revision. */
export const asRead = (a: AppointmentDoc) => ({ rev: a.rev ?? null });
