/** Error codes of the scheduling routes (code: HTTP status); see ./index.ts. */
export const SCHEDULING_ERRORS = {
  /** POST staff (hasAccount): the account is already staff of this store. */
  employeeExisted: 409,
  /** POST staff (noAccount): the email entered already has an account; add them by email instead. */
  hasAccount: 409,
} as const satisfies Record<string, number>;
