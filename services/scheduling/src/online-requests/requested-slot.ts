import { STEP_MINUTES, toMinutes } from '@turnbook/domain';
import { badRequest } from '@turnbook/service-kit';
import type { StaffRepository } from '../staff/repository';

/** 'Anyone' on an online request (0 is read the same way). */
export const ANYONE = 8888;

/**
 * Who and when a request (a new one or a customer's modify) names, checked against the store: a staff
 * member of it or anyone, and a start on a quarter hour.
 */
export async function requestedSlot(staff: Pick<StaffRepository, 'byId'>, storeId: number, body: { staffId: number; start: string }) {
  const anyone = body.staffId === ANYONE || body.staffId === 0;
  if (!anyone) {
    const e = await staff.byId(body.staffId);
    if (!e || e.storeId !== storeId || e.archived) throw badRequest('staffId', 'staffId: must be a staff member of this store or 8888 for anyone');
  }
  const startMin = toMinutes(body.start)!;
  if (startMin % STEP_MINUTES !== 0) throw badRequest('start', 'start: must be on a quarter hour');
  return { anyone, startMin };
}
