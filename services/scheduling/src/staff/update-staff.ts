import argon2 from 'argon2';
import type { EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import type { StaffRole } from '@turnbook/domain';
import { badRequest, notFound, type HandlerContext } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import { staffUpdatedEvent } from './events';
import type { EmployeeDoc, OnlineBooking } from './model';
import type { EmployeeChanges } from './repository';
import { employeeView } from './view';

/** Loads a staff member and checks the caller against the route's rule for their store. */
export async function loadEmployee(deps: Deps, ctx: HandlerContext, id: number): Promise<EmployeeDoc> {
  const e = await deps.staff.byId(id);
  if (!e) throw notFound('Staff not found');
  await ctx.authorizeStore(e.storeId);
  return e;
}

async function change(deps: Deps, e: EmployeeDoc, changes: EmployeeChanges, membership = false): Promise<{ employee: EmployeeView }> {
  const next = { ...e, ...changes } as EmployeeDoc;
  const saved = await deps.staff.update(e._id, changes, [staffUpdatedEvent(deps.ctx.bus, next)], { membership });
  if (membership) await deps.membership.publish(e.storeId);
  return { employee: employeeView(saved ?? next) };
}

export async function setRole(deps: Deps, ctx: HandlerContext, id: number, role: StaffRole) {
  return change(deps, await loadEmployee(deps, ctx, id), { role }, true);
}

export async function setOnlineBooking(deps: Deps, ctx: HandlerContext, id: number, online_booking: OnlineBooking) {
  return change(deps, await loadEmployee(deps, ctx, id), { online_booking });
}

export async function setStaffSortIndex(deps: Deps, ctx: HandlerContext, id: number, sortIndex: number) {
  return change(deps, await loadEmployee(deps, ctx, id), { sortIndex });
}

/** Weekly schedule: `dayOff` lists the weekdays NOT worked ('mon tue'), already normalised. */
export async function setSchedule(deps: Deps, ctx: HandlerContext, id: number, dayOff: string) {
  return change(deps, await loadEmployee(deps, ctx, id), { dayOff });
}

/** Archive ("removeEmployee"): off the staff lists and out of the store's members, history kept. */
export async function archiveEmployee(deps: Deps, ctx: HandlerContext, id: number) {
  return change(deps, await loadEmployee(deps, ctx, id), { archived: true }, true);
}

export async function restoreEmployee(deps: Deps, ctx: HandlerContext, id: number) {
  return change(deps, await loadEmployee(deps, ctx, id), { archived: false }, true);
}

/** PIN change: the old PIN must match when one is set. Only the hash is kept. */
export async function changePin(
  deps: Deps,
  ctx: HandlerContext,
  id: number,
  body: { oldPIN: string; newPIN: string; storeId: number },
): Promise<{ success: true }> {
  const e = await loadEmployee(deps, ctx, id);
  if (e.storeId !== body.storeId) throw notFound('Staff not found');
  if (e.pinHash && !(body.oldPIN && (await argon2.verify(e.pinHash, body.oldPIN)))) {
    throw badRequest('oldPIN', "PIN didn't match");
  }
  await deps.staff.update(id, { pinHash: await argon2.hash(body.newPIN) }, []);
  return { success: true };
}
