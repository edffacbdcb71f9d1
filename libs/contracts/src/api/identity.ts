import type { RouteSchemas } from './types';

/** Request and response schemas of the identity routes, keyed like the route table. */
export const IDENTITY_API = {} as const satisfies Record<string, RouteSchemas>;
