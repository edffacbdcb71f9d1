/** Error codes of the identity routes (code: HTTP status); see ./index.ts. */
export const IDENTITY_ERRORS = {
  /** POST verify for an account that is already active (an activation link opened twice). */
  alreadyVerified: 409,
} as const satisfies Record<string, number>;
