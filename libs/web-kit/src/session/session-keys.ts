/**
 * The client session of the spec (docs/product/records.md), one localStorage key per value so pages and tabs
 * that read a single value keep working. Flags are 'ON' | 'OFF'.
 */
export const SESSION_KEYS = [
  'access_token',
  'user_id',
  'store_id',
  'store_owner_id',
  'owner_id',
  'store_permalink',
  'staff_id',
  'role',
  'store_log_in',
  'user_log_in',
  'user_view',
  'profile_image',
  'active_page',
  'user_fname',
  'new_update',
] as const;

export type SessionKey = (typeof SESSION_KEYS)[number];
export type OnOff = 'ON' | 'OFF';
export type SessionValues = { [K in SessionKey]: string | null };

/** Log out clears everything but this one: the new-update marker survives (docs/product/statuses.md). */
export const KEPT_ON_LOGOUT: readonly SessionKey[] = ['new_update'];

export const emptySession = (): SessionValues =>
  Object.fromEntries(SESSION_KEYS.map((k) => [k, null])) as SessionValues;
