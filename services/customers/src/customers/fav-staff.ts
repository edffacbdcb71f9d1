import { badRequest } from '@turnbook/service-kit';
import type { StaffNameRepository } from '../staff-names/repository';
import type { CustomerRepository } from './repository';

export type FavStaffDeps = { customers: Pick<CustomerRepository, 'isCurrentStaff'>; staffNames: Pick<StaffNameRepository, 'isCurrent'> };

/**
 * A favourite staff member must be current staff of the customer's store (0 or null: none): a member with a
 * sign-in account (memberships), or any staff member scheduling told us of (staff without an account, who
 * are in no membership, are favourites too).
 */
export async function checkFavStaff(deps: FavStaffDeps, storeId: number, staffId: number | null | undefined): Promise<void> {
  if (!staffId) return;
  if ((await deps.customers.isCurrentStaff(storeId, staffId)) || (await deps.staffNames.isCurrent(storeId, staffId))) return;
  throw badRequest('fav_staffId', 'fav_staffId: is not staff of this store');
}
