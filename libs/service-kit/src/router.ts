import type { NextFunction, Request, Response, Router } from 'express';
import express from 'express';
import type { z } from 'zod';
import {
  INTERNAL_TOKEN_HEADER,
  expressPath,
  routeKey,
  routesOwnedBy,
  type RouteDef,
  type RouteKey,
  type ServiceName,
} from '@turnbook/contracts';
import { allows, SUPER_ADMIN, type StoreRule } from '@turnbook/domain';
import { bearerToken, verifyToken, type Caller, type KeySource } from './auth';
import { AppError, forbidden, notFound, unauthenticated } from './errors';
import type { Memberships } from './memberships';
import { parse } from './validate';

type Schema = z.ZodType;

/** What a handler gets: parsed input, the caller, and a store check for routes whose store is a resource. */
export interface HandlerContext<P = any, B = any, Q = any> {
  params: P;
  body: B;
  query: Q;
  caller: Caller | undefined;
  /** Throws 403/404 unless the caller passes the route's store rule for this store. */
  authorizeStore(storeId: number, rule?: StoreRule): Promise<void>;
  req: Request;
  res: Response;
  /** Sets the HTTP status of a successful answer (default 200). */
  status(code: number): void;
}

export interface RouteHandler<P extends Schema = Schema, B extends Schema = Schema, Q extends Schema = Schema> {
  params?: P;
  body?: B;
  query?: Q;
  /** Extra express middleware run before parsing (e.g. multipart upload). */
  before?: Array<(req: Request, res: Response, next: NextFunction) => void>;
  handle(ctx: HandlerContext<z.infer<P>, z.infer<B>, z.infer<Q>>): Promise<unknown>;
}

export function handler<P extends Schema = Schema, B extends Schema = Schema, Q extends Schema = Schema>(
  h: RouteHandler<P, B, Q>,
): RouteHandler<P, B, Q> {
  return h;
}

export interface RouterDeps {
  service: ServiceName;
  keys: KeySource;
  memberships?: Memberships;
  internalToken: string;
}

const STORE_RULES = new Set(['storeMember', 'storeNotLimited', 'storeManager', 'storeOwnerOrSuper', 'storeOwnerOrAdmin', 'storeOwner']);

/** Routes of the contracts that this service has no handler for yet. */
export function unimplementedRoutes(service: ServiceName, handlers: Partial<Record<RouteKey, unknown>>): string[] {
  return routesOwnedBy(service).map(routeKey).filter((k) => !handlers[k as RouteKey]);
}

/**
 * Mounts every route the contracts give this service; one without a handler answers 501. Handlers for
 * routes the contracts do not list fail start-up. Access rules are enforced here, before the handler runs.
 */
export function buildApiRouter(deps: RouterDeps, handlers: Partial<Record<RouteKey, RouteHandler<any, any, any>>>): Router {
  const router = express.Router();
  const owned = routesOwnedBy(deps.service);
  const known = new Set(owned.map(routeKey));
  const extra = Object.keys(handlers).filter((k) => !known.has(k));
  if (extra.length) throw new Error(`${deps.service}: handlers for routes not in the contracts: ${extra.join(', ')}`);

  for (const route of owned) {
    const h = handlers[routeKey(route) as RouteKey];
    if (!h) {
      // Part of the contract but not built yet: say so plainly instead of a bare 404.
      router[route.method.toLowerCase() as 'get'](expressPath(route.path), (_req, res) => {
        res.status(501).json({ message: 'Not available yet', code: 'notImplemented' });
      });
      continue;
    }
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    router[method](expressPath(route.path), ...(h.before ?? []), async (req, res, next) => {
      try {
        const caller = await authenticate(req, route, deps);
        const ctx = await contextFor(req, res, route, h, caller, deps);
        const result = await h.handle(ctx);
        if (!res.headersSent) {
          if (result === undefined) res.status(res.statusCode === 200 ? 204 : res.statusCode).end();
          else res.json(result);
        }
      } catch (err) {
        next(err);
      }
    });
  }
  return router;
}

async function authenticate(req: Request, route: RouteDef, deps: RouterDeps): Promise<Caller | undefined> {
  if (route.access === 'internal') {
    if (req.get(INTERNAL_TOKEN_HEADER) !== deps.internalToken) throw unauthenticated();
    return undefined;
  }
  if (route.access === 'webhook') return undefined;
  const token = bearerToken(req.get('authorization'));
  if (!token) {
    if (route.access === 'public' || route.access === 'optional') return undefined;
    throw unauthenticated();
  }
  if (route.access === 'public') return undefined;
  return verifyToken(token, deps.keys);
}

async function contextFor(
  req: Request,
  res: Response,
  route: RouteDef,
  h: RouteHandler,
  caller: Caller | undefined,
  deps: RouterDeps,
): Promise<HandlerContext> {
  const authorizeStore = async (storeId: number, rule?: StoreRule) => {
    const r = rule ?? (STORE_RULES.has(route.access) ? (route.access as StoreRule) : 'storeMember');
    if (!caller) throw unauthenticated();
    if (!deps.memberships) throw new Error(`${deps.service} has no memberships read model`);
    const access = await deps.memberships.accessFor(caller, storeId);
    if (!access) throw notFound('Store not found');
    if (!allows(r, access)) throw forbidden();
  };

  // Access first, on the raw ids only: someone who may not call this learns nothing about what it accepts.
  const raw = { params: req.params ?? {}, body: (req.body ?? {}) as Record<string, unknown>, query: req.query ?? {} };
  switch (route.access) {
    case 'self': {
      const target = Number(raw.params.userId ?? raw.params.id ?? raw.body.id ?? raw.body.userId);
      if (!caller || caller.kind !== 'user') throw forbidden();
      if (caller.role !== SUPER_ADMIN && caller.userId !== target) throw forbidden();
      break;
    }
    case 'superAdmin':
      if (caller?.role !== SUPER_ADMIN) throw forbidden();
      break;
    case 'customer':
      if (!caller || caller.kind !== 'user') throw forbidden();
      break;
    case 'authenticated':
      if (!caller) throw unauthenticated();
      break;
    default:
      if (STORE_RULES.has(route.access) && route.store && route.store !== 'resource') {
        const [from, key] = route.store.split('.') as ['params' | 'body' | 'query', string];
        const value = (raw[from] as Record<string, unknown>)[key];
        const storeId = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
        if (!caller) throw unauthenticated();
        if (!Number.isSafeInteger(storeId) || storeId < 0) {
          throw new AppError('validation', `${key}: ${value === undefined ? 'is required' : 'must be a number'}`, key);
        }
        await authorizeStore(storeId);
      } else if (STORE_RULES.has(route.access) && !caller) {
        throw unauthenticated();
      }
  }

  const params = h.params ? parse(h.params, req.params, 'params') : req.params;
  const body = h.body ? parse(h.body, req.body, 'body') : {};
  const query = h.query ? parse(h.query, req.query, 'query') : {};

  return {
    params,
    body,
    query,
    caller,
    authorizeStore,
    req,
    res,
    status: (code) => void res.status(code),
  };
}
