import type { CustomerRepository } from '../customers/repository';

/**
 * The booking page's lookup by phone: only the id and the favourite-staff choice, nothing else about
 * the customer. Several customers may share a phone (family members); all are listed, oldest first.
 * An unknown store answers an empty list.
 */
export async function findCustomersByPhone(deps: { customers: Pick<CustomerRepository, 'storeExists' | 'findByPhone'> }, storeId: number, phone: string) {
  if (!(await deps.customers.storeExists(storeId))) return [];
  const found = await deps.customers.findByPhone(storeId, phone);
  return found.map((c) => ({ id: c._id, fav_staffId: c.fav_staffId || null, book_with_fav_staff: c.book_with_fav_staff === 1 ? (1 as const) : (0 as const) }));
}
