import type { z } from 'zod';
import type { RouteKey } from '../routes';
import { APPOINTMENTS_API } from './appointments';
import { BILLING_API } from './billing';
import { BOOKING_API } from './booking';
import { CUSTOMERS_API } from './customers';
import { FRANCHISE_API } from './franchise';
import { FRONTDESK_API } from './frontdesk';
import { IDENTITY_API } from './identity';
import { INTERNAL_API } from './internal';
import { LOGS_API } from './logs';
import { MESSAGING_API } from './messaging';
import { REPORTS_API } from './reports';
import { SCHEDULING_API } from './scheduling';
import type { RouteSchemas } from './types';

export type { RouteSchemas } from './types';

/** Every route's schemas, one entry per route key of the route table. */
export const API = {
  ...IDENTITY_API,
  ...SCHEDULING_API,
  ...CUSTOMERS_API,
  ...APPOINTMENTS_API,
  ...BOOKING_API,
  ...FRONTDESK_API,
  ...LOGS_API,
  ...BILLING_API,
  ...MESSAGING_API,
  ...REPORTS_API,
  ...FRANCHISE_API,
  ...INTERNAL_API,
} as const satisfies Partial<Record<RouteKey, RouteSchemas>>;
type Api = typeof API;

export function schemasOf(key: string): RouteSchemas | undefined {
  return (API as Partial<Record<string, RouteSchemas>>)[key];
}

type Field<K, F extends keyof RouteSchemas> = K extends keyof Api ? (Api[K] extends { [P in F]: infer S extends z.ZodType } ? S : undefined) : undefined;

/** The parsed params/body/query of a route, and what it answers (the types screens and use cases share). */
export type ParamsOf<K extends RouteKey> = Field<K, 'params'> extends z.ZodType ? z.output<Field<K, 'params'>> : Record<string, never>;
export type BodyOf<K extends RouteKey> = Field<K, 'body'> extends z.ZodType ? z.output<Field<K, 'body'>> : Record<string, never>;
export type QueryOf<K extends RouteKey> = Field<K, 'query'> extends z.ZodType ? z.output<Field<K, 'query'>> : Record<string, never>;
/** What a client sends as the body (before defaults and coercion). */
export type RequestOf<K extends RouteKey> = Field<K, 'body'> extends z.ZodType ? z.input<Field<K, 'body'>> : never;
export type ResponseOf<K extends RouteKey> = Field<K, 'response'> extends z.ZodType ? z.output<Field<K, 'response'>> : unknown;
