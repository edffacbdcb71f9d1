import { SUPER_ADMIN, type UserRole } from '@turnbook/domain/roles/roles';
import type { SessionValues } from './session-keys';

export const isLoggedIn = (s: Pick<SessionValues, 'access_token'>): boolean => Boolean(s.access_token);
const CUSTOMER: UserRole = 'customer';
/** A customer books and sees appointments; they never own or create a store. */
export const isCustomer = (s: Pick<SessionValues, 'role'>): boolean => s.role === CUSTOMER;
export const isSuperAdmin = (s: Pick<SessionValues, 'role'>): boolean => s.role === SUPER_ADMIN;
/** The owner of the chosen store is the user whose id equals the store's ownerId (docs/product/roles.md). */
export const isStoreOwner = (s: Pick<SessionValues, 'user_id' | 'store_owner_id'>): boolean =>
  Boolean(s.user_id) && s.user_id === s.store_owner_id;
export const isStoreLogin = (s: Pick<SessionValues, 'store_log_in'>): boolean => s.store_log_in === 'ON';
