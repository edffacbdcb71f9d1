import type { Hasher } from '@turnbook/service-kit/hashing';
import { MESSAGES } from '@turnbook/contracts';
import { AppError, notFound } from '@turnbook/service-kit';
import type { EmployeeDoc } from './model';
import type { StaffRepository } from './repository';

export interface ChangePinDeps {
  staff: Pick<StaffRepository, 'update'>;
  pins: Hasher;
}

/**
 * The owner sets a staff member's PIN (the route is the owner's alone). An old PIN, when given, must match
 * (the spec's change form); without one the owner resets it, so a forgotten PIN is never a dead end. Only
 * the hash is kept.
 */
export async function changePin(deps: ChangePinDeps, e: EmployeeDoc, body: { oldPIN: string; newPIN: string; storeId: number }): Promise<{ success: true }> {
  if (e.storeId !== body.storeId) throw notFound(MESSAGES.staffNotFound);
  if (body.oldPIN && e.pinHash && !(await deps.pins.verify(e.pinHash, body.oldPIN))) {
    throw new AppError('pinMismatch', MESSAGES.pinMismatch, 'oldPIN');
  }
  await deps.staff.update(e._id, { pinHash: await deps.pins.hash(body.newPIN) }, []);
  return { success: true };
}
