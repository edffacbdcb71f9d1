import type { z } from 'zod';

/**
 * What a route accepts and answers. The router parses `params`, `body` and `query` with these (unknown keys
 * dropped) and, in tests (CHECK_RESPONSES), checks every answer against `response`. Screens take their
 * types from the same schemas.
 */
export interface RouteSchemas {
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  /** HTTP status of a successful answer when it is not 200 (e.g. 201 on create). */
  status?: number;
}
