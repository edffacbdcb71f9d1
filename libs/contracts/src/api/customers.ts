import type { RouteSchemas } from './types';

/** Request and response schemas of the customers routes, keyed like the route table. */
export const CUSTOMERS_API = {} as const satisfies Record<string, RouteSchemas>;
