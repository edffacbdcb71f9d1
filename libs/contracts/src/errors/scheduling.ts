/** Error codes of the scheduling routes (code: HTTP status); see ./index.ts. */
export const SCHEDULING_ERRORS = {} as const satisfies Record<string, number>;
