import type { RouteSchemas } from './types';

/** Request and response schemas of the scheduling routes, keyed like the route table. */
export const SCHEDULING_API = {} as const satisfies Record<string, RouteSchemas>;
