import { badRequest } from '@turnbook/service-kit';
import type { CustomerRepository } from './repository';

/** A favourite staff member must be current staff of the customer's store (0 or null: none). */
export async function checkFavStaff(customers: Pick<CustomerRepository, 'isCurrentStaff'>, storeId: number, staffId: number | null | undefined): Promise<void> {
  if (!staffId) return;
  if (!(await customers.isCurrentStaff(storeId, staffId))) throw badRequest('fav_staffId', 'fav_staffId: is not staff of this store');
}
