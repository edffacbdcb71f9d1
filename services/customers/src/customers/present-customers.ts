import type { customers as api } from '@turnbook/contracts';
import type { StaffNameRepository } from '../staff-names/repository';
import { toCustomer } from './customer-view';
import type { CustomerDoc } from './repository';

export type PresentDeps = { staffNames: StaffNameRepository };

/** One customer as answered, with the favourite staff's name (`userFname`) when we know it. */
export async function presentCustomer(deps: PresentDeps, c: CustomerDoc): Promise<api.Customer> {
  const name = c.fav_staffId ? await deps.staffNames.nameOf(c.storeId, c.fav_staffId) : undefined;
  return toCustomer(c, name);
}

/** A store's customers as answered (one read of the staff names for the whole list). */
export async function presentCustomers(deps: PresentDeps, storeId: number, list: CustomerDoc[]): Promise<api.Customer[]> {
  if (!list.length) return [];
  const names = list.some((c) => c.fav_staffId) ? await deps.staffNames.namesIn(storeId) : new Map<number, string>();
  return list.map((c) => toCustomer(c, c.fav_staffId ? names.get(c.fav_staffId) : undefined));
}
