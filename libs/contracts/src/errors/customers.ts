/** Error codes of the customers routes (code: HTTP status); see ./index.ts. */
export const CUSTOMERS_ERRORS = {} as const satisfies Record<string, number>;
