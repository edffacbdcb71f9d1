/** Error codes of the identity routes (code: HTTP status); see ./index.ts. */
export const IDENTITY_ERRORS = {} as const satisfies Record<string, number>;
