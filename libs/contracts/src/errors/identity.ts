/** Error codes of the identity routes (code: HTTP status); see ./index.ts. */
export const IDENTITY_ERRORS = {
  /** An account with this email exists already (adding a staff member who should sign in with their own). */
  hasAccount: 409,
} as const satisfies Record<string, number>;

/** Identity's user-facing messages, each defined once (spread into MESSAGES). */
export const IDENTITY_MESSAGES = {
  hasAccount: 'has account',
  /** An activation link opened again after the account was activated. */
  alreadyVerified: 'Your account is already active. Please sign in.',
} as const;
