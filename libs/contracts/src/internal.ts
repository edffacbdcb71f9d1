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
} as const;

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
