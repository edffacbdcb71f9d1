import { MESSAGES } from '@turnbook/contracts';
import type { EmployeeView, PublicEmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { notFound } from '@turnbook/service-kit';
import type { StoreRepository } from '../stores/repository';
import type { StaffRepository } from './repository';
import { employeeView, employeeViewFor, publicEmployeeView, type StaffReader } from './view';

export interface FindStaffDeps {
  staff: StaffRepository;
  stores: Pick<StoreRepository, 'byId'>;
}

/** The store's current staff; colleagues' contact details only for those who may see them. */
export async function staffOfStore(deps: FindStaffDeps, reader: StaffReader, storeId: number): Promise<{ employees: EmployeeView[] }> {
  return { employees: (await deps.staff.ofStore(storeId)).map((e) => employeeViewFor(reader, e)) };
}

export async function archivedStaffOfStore(deps: FindStaffDeps, storeId: number): Promise<{ employees: EmployeeView[] }> {
  return { employees: (await deps.staff.ofStore(storeId, true)).map(employeeView) };
}

/** A user's staff records in a store (the menu reads the role from it); empty when they are not staff. */
export async function staffOfUserInStore(deps: FindStaffDeps, reader: StaffReader, userId: number, storeId: number): Promise<{ employees: EmployeeView[] }> {
  return { employees: (await deps.staff.ofUserInStore(userId, storeId)).map((e) => employeeViewFor(reader, e)) };
}

/** The booking page's staff: current staff of a live store, without contact details. */
export async function publicStaffOfStore(deps: FindStaffDeps, storeId: number): Promise<{ employees: PublicEmployeeView[] }> {
  const store = await deps.stores.byId(storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  return { employees: (await deps.staff.ofStore(storeId)).map(publicEmployeeView) };
}
