import type { ResponseOf } from '@turnbook/contracts';
import { CANCEL_COLUMN, ONLINE_COLUMN } from '@turnbook/domain';
import { isLive } from './claims';
import type { AppointmentRepository } from './repository';

export interface PublicDayDeps {
  appointments: Pick<AppointmentRepository, 'days'>;
}

type Answer = ResponseOf<'GET public_getAppointmentsByStoreIdAndDate/{storeId}/{date}'>;

/**
 * What the public booking page may know of a day: busy times only (staff, start, end), no customers, no
 * notes. An 'anyone' request is busy time of the staff member it holds.
 */
export async function publicDay(deps: PublicDayDeps, storeId: number, date: string): Promise<Answer> {
  const out: Answer = { appointments: [], appointmentsOnline: [] };
  for (const a of await deps.appointments.days.read(storeId, date)) {
    if (!isLive(a) || a.staffId === CANCEL_COLUMN) continue;
    const busy = { staffId: a.staffId === ONLINE_COLUMN ? (a.claimStaffId ?? ONLINE_COLUMN) : a.staffId, date: a.date, start: a.start, end: a.end, startMin: a.startMin, endMin: a.endMin };
    (a.staffId === ONLINE_COLUMN ? out.appointmentsOnline : out.appointments).push(busy);
  }
  return out;
}
