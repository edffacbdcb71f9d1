import type { EmployeeView, PublicEmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { notFound, type HandlerContext } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import { loadEmployee } from './update-staff';
import { employeeView, publicEmployeeView } from './view';

export async function staffOfStore(deps: Deps, storeId: number): Promise<{ employees: EmployeeView[] }> {
  return { employees: (await deps.staff.ofStore(storeId)).map(employeeView) };
}

export async function archivedStaffOfStore(deps: Deps, storeId: number): Promise<{ employees: EmployeeView[] }> {
  return { employees: (await deps.staff.ofStore(storeId, true)).map(employeeView) };
}

/** A user's staff records in a store (the menu reads the role from it); empty when they are not staff. */
export async function staffOfUserInStore(deps: Deps, userId: number, storeId: number): Promise<{ employees: EmployeeView[] }> {
  return { employees: (await deps.staff.ofUserInStore(userId, storeId)).map(employeeView) };
}

export async function staffById(deps: Deps, ctx: HandlerContext, id: number): Promise<{ employees: EmployeeView[] }> {
  return { employees: [employeeView(await loadEmployee(deps, ctx, id))] };
}

/** The booking page's staff: current staff of a live store, without contact details. */
export async function publicStaffOfStore(deps: Deps, storeId: number): Promise<{ employees: PublicEmployeeView[] }> {
  const store = await deps.stores.byId(storeId);
  if (!store || store.status !== 'ON') throw notFound('Store not found');
  return { employees: (await deps.staff.ofStore(storeId)).map(publicEmployeeView) };
}
