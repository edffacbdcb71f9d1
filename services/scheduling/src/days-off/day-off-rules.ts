import { MESSAGES } from '@turnbook/contracts';
import { CANCEL_COLUMN, formatTime12, ONLINE_COLUMN, parseTimeRange, TBD_COLUMN, todayIn, UNASSIGNED_COLUMN } from '@turnbook/domain';
import { AppError, badRequest } from '@turnbook/service-kit';
import type { EmployeeDoc } from '../staff/model';
import type { StaffRepository } from '../staff/repository';

/** Calendar columns are not staff, so they cannot take a day off. */
const RESERVED_IDS_NOTE = ` (${TBD_COLUMN}, ${CANCEL_COLUMN}, ${ONLINE_COLUMN} and ${UNASSIGNED_COLUMN} are calendar columns, not staff)`;

export const dayOffOnly = () => new AppError('dayOffOnly', MESSAGES.dayOffOnly, 'serviceIds');

/** The staff member a day off is for: current staff of the same store. */
export async function staffOfStore(staff: Pick<StaffRepository, 'byId'>, storeId: number, staffId: number): Promise<EmployeeDoc> {
  const e = await staff.byId(staffId);
  if (!e || e.storeId !== storeId || e.archived) throw badRequest('staffId', `staffId: must be a staff member of this store${RESERVED_IDS_NOTE}`);
  return e;
}

/** Start and end as the spec writes them ('09:00 am') with their minutes, or a 400 naming the bad one. */
export function timeRange(start: string, end: string) {
  const r = parseTimeRange(start, end);
  if (!r.ok) throw badRequest(r.field, `${r.field}: ${r.error}`);
  return { start: formatTime12(r.startMin), end: formatTime12(r.endMin), startMin: r.startMin, endMin: r.endMin };
}

/** A day off is planned: today or later in the store's zone (a past one would go straight to History, unseen). */
export function notPastDayOff(zone: string, date: string, now = new Date()): void {
  if (date < todayIn(zone, now)) throw badRequest('date', `date: ${MESSAGES.dayOffInPast}`);
}
