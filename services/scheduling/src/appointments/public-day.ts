import type { ResponseOf } from '@turnbook/contracts';
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
    if (!isLive(a) || a.staffId === 1111) continue;
    const busy = { staffId: a.staffId === 8888 ? (a.claimStaffId ?? 8888) : a.staffId, date: a.date, start: a.start, end: a.end, startMin: a.startMin, endMin: a.endMin };
    (a.staffId === 8888 ? out.appointmentsOnline : out.appointments).push(busy);
  }
  return out;
}
