import { z } from 'zod';
import { API } from '../api/index';
import type { RouteSchemas } from '../api/types';
import { EVENTS } from '../events';
import { ROUTES, routeKey, type RouteDef } from '../routes';

/** A JSON Schema node as zod writes it (draft 2020-12). */
export type JsonSchema = { [key: string]: unknown };

/** A route as the contract promises it: who may call it and what it takes and gives, as JSON Schema. */
export interface RouteContract {
  owner: string;
  access: string;
  status?: number;
  params?: JsonSchema;
  body?: JsonSchema;
  query?: JsonSchema;
  response?: JsonSchema;
}

/**
 * The whole contract at one moment: every route of the table with its schemas and every event's payload.
 * The release command writes one (contract-snapshot.json) and the contract check compares today's with it.
 */
export interface ContractSnapshot {
  version: string;
  routes: Record<string, RouteContract>;
  /** Each payload as a producer writes it (output) and as a consumer reads it (input, before defaults). */
  events: Record<string, { input: JsonSchema; output: JsonSchema }>;
}

export interface ContractSources {
  routes: readonly Pick<RouteDef, 'method' | 'path' | 'owner' | 'access'>[];
  api: Partial<Record<string, RouteSchemas>>;
  events: Record<string, z.ZodType>;
}

// Requests are described as a caller may send them (before defaults and coercion), answers as they leave.
const REQUEST_PARTS = ['params', 'body', 'query'] as const;

function jsonOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // A transform has no JSON Schema: it shows as "anything", which the comparison treats as the widest type.
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
}

function routeContract(route: ContractSources['routes'][number], schemas: RouteSchemas | undefined): RouteContract {
  const out: RouteContract = { owner: route.owner, access: route.access };
  if (schemas?.status) out.status = schemas.status;
  for (const part of REQUEST_PARTS) {
    const schema = schemas?.[part];
    if (schema) out[part] = jsonOf(schema, 'input');
  }
  if (schemas?.response) out.response = jsonOf(schemas.response, 'output');
  return out;
}

/** Object keys sorted, so a snapshot file only changes where the contract does. */
function sorted<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sorted) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])])) as T;
  }
  return value;
}

export function contractSnapshot(version: string, sources: ContractSources = { routes: ROUTES, api: API, events: EVENTS }): ContractSnapshot {
  const routes = Object.fromEntries(sources.routes.map((r) => [routeKey(r), routeContract(r, sources.api[routeKey(r)])]));
  const events = Object.fromEntries(Object.entries(sources.events).map(([type, schema]) => [type, { input: jsonOf(schema, 'input'), output: jsonOf(schema, 'output') }]));
  return sorted({ version, routes, events });
}
