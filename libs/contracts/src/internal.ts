import { z } from 'zod';

/**
 * Service-to-service calls (header `x-internal-token`). The gateway never exposes /internal/.
 * Paths are relative to the owning service's base URL.
 */
export const INTERNAL_ROUTES = {
  /** identity: create or update a store's sign-in account (StoreAccountBody). */
  upsertStoreAccount: { method: 'PUT', path: '/internal/store-accounts/:storeId', owner: 'identity' },
  removeStoreAccount: { method: 'DELETE', path: '/internal/store-accounts/:storeId', owner: 'identity' },
  /** identity: users by ids (names for read models and seeds). */
  usersByIds: { method: 'POST', path: '/internal/users/by-ids', owner: 'identity' },
  /** identity: a verified user for the demo seed. */
  seedUser: { method: 'POST', path: '/internal/seed/users', owner: 'identity' },
  usersByEmail: { method: 'POST', path: '/internal/users/by-email', owner: 'identity' },
  /**
   * identity: a sign-in account for a staff member the owner adds with an email and password (the add-staff
   * wizard's No path). StaffAccountBody; 201 StaffAccountResponse, or 409 with code `hasAccount` when the
   * email already has an account.
   */
  createStaffAccount: { method: 'POST', path: '/internal/staff-accounts', owner: 'identity' },
} as const;

export const StaffAccountBody = z.object({
  email: z.string(),
  password: z.string(),
  fname: z.string(),
  lname: z.string(),
  phone: z.string().optional(),
});
export type StaffAccountBody = z.infer<typeof StaffAccountBody>;
export const StaffAccountResponse = z.object({ userId: z.number() });
export type StaffAccountResponse = z.infer<typeof StaffAccountResponse>;

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
