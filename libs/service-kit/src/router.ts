import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { NextFunction, Request, Response, Router } from 'express';
import express from 'express';
import type { z } from 'zod';
import {
  CURRENT_STORE_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  INTERNAL_TOKEN_HEADER,
  MESSAGES,
  STRING_ID_KINDS,
  expressPath,
  franchise,
  routeKey,
  routesOwnedBy,
  schemasOf,
  type BodyOf,
  type InputSource,
  type ParamsOf,
  type QueryOf,
  type RecordKind,
  type RecordKindOf,
  type RecordOptionalOf,
  type ResponseOf,
  type RouteDef,
  type RouteKey,
  type RouteSchemas,
  type ServiceName,
  type StringIdKind,
} from '@turnbook/contracts';
import { allows, NO_STORE_ACCESS, POLICIES, SUPER_ADMIN, type StoreAccess, type StoreRule } from '@turnbook/domain';
import { bearerToken, verifyToken, VerifiedTokens, type Caller, type KeySource } from './auth';
import { AppError, forbidden, notFound, unauthenticated } from './errors';
import { IdempotencyKeys, type Attempt, type StoredReply } from './idempotency';
import type { StoreAccessSource } from './memberships';
import { noteRoute } from './metrics';
import type { RevokedSessions } from './revocations';
import { parse } from './validate';

/**
 * The records a route can act on, as each service loads them. A service declares its own kinds:
 * `declare module '@turnbook/service-kit' { interface RecordTypes { service: ServiceDoc } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RecordTypes {}

/** A loaded record: it must say which store it belongs to. */
export type StoreRecord = { storeId: number };

export type Loaders = { [K in RecordKind]?: (id: K extends StringIdKind ? string : number) => Promise<(K extends keyof RecordTypes ? RecordTypes[K] : StoreRecord) | null> };

type RecordOf<K extends RouteKey> = [RecordKindOf<K>] extends [never]
  ? undefined
  : (RecordKindOf<K> extends keyof RecordTypes ? RecordTypes[RecordKindOf<K>] : StoreRecord) | (RecordOptionalOf<K> extends true ? undefined : never);

/** What a use case gets from the router: plain values only, never Express. */
export interface UseCaseInput<P = any, B = any, Q = any, R = any> {
  params: P;
  body: B;
  query: Q;
  caller: Caller | undefined;
  /** The caller's access to the route's store, when the route is store-scoped (for shaping answers, not for authorizing). */
  access: StoreAccess | undefined;
  /** The record the route acts on, loaded and authorized by the router. */
  record: R;
  /** All records, for routes on several (e.g. a merge). */
  records: R[];
  /** The client's address as the gateway saw it. */
  ip: string;
  /**
   * When the request arrived (performance.now()): a read model may answer from a read that started after
   * it (every write acknowledged before the request is in such a read).
   */
  receivedAt: number;
  /** The request's cookies (identity's refresh cookie; nothing else uses cookies). */
  cookies: Record<string, string>;
}

/** An answer with a status or headers other than the route's default. */
export class Reply<T = unknown> {
  constructor(
    readonly body: T,
    readonly status = 200,
    readonly headers: Record<string, string> = {},
  ) {}
}
export const reply = <T>(body: T, status = 200, headers: Record<string, string> = {}) => new Reply(body, status, headers);

const RECEIVED_AT = Symbol('receivedAt');

/** Notes when a request arrived (the app's first middleware), so reads started for it later can be reused. */
export function noteArrival(req: Request, _res: Response, next: NextFunction): void {
  (req as Request & { [RECEIVED_AT]?: number })[RECEIVED_AT] = performance.now();
  next();
}

/** When the request arrived (performance.now()), as noteArrival saw it; now when it did not. */
export function receivedAtOf(req: Request): number {
  return (req as Request & { [RECEIVED_AT]?: number })[RECEIVED_AT] ?? performance.now();
}

/** Below this size an answer goes out uncompressed: gzip would save little and cost a header. */
const GZIP_FROM_BYTES = 1024;

/**
 * An answer serialized once and sent many times: a handler that gives out the same answer while its data
 * is unchanged (the calendar's day) keeps one of these with it, so neither JSON nor gzip is redone per
 * request (the gateway does not compress an answer that already says its encoding).
 */
export class PreparedJson<T = unknown> {
  private built?: T;
  private bytes?: Buffer;
  private gzipped?: Buffer;
  private tag?: string;
  /** Its response schema was checked (CHECK_RESPONSES): a kept answer is checked once, not per request. */
  checked = false;

  constructor(value: T) {
    this.built = value;
  }

  /**
   * An answer kept elsewhere as its gzip bytes and ETag (another instance made it): sent as it is; its JSON
   * is inflated only for a client that does not take gzip, or to be checked.
   */
  static stored<T>(gzipped: Buffer, etag: string): PreparedJson<T> {
    const out = new PreparedJson<T>(undefined as T);
    out.gzipped = gzipped;
    out.tag = etag;
    return out;
  }

  /**
   * The answer as a value. Once serialized only the bytes are kept (a day's answer is ~275 objects that every
   * young-generation GC would copy while a cache holds them), and the value is read back from them.
   */
  get value(): T {
    return this.built ?? (JSON.parse(this.json().toString()) as T);
  }

  json(): Buffer {
    if (!this.bytes && this.built === undefined && this.gzipped) this.bytes = gunzipSync(this.gzipped);
    if (!this.bytes) {
      this.bytes = Buffer.from(JSON.stringify(this.built));
      this.built = undefined;
    }
    return this.bytes;
  }

  /** A weak ETag in Express's own form (what `res.json` would have sent), made once. */
  etag(): string {
    const plain = this.json();
    return (this.tag ??= `W/"${plain.length.toString(16)}-${createHash('sha1').update(plain).digest('base64').slice(0, 27)}"`);
  }

  /** The gzip form, made on first use; undefined when too small to be worth it. Level 1: a busy day's answer in 0.5 ms against 1.2 ms, 11.5 KB against 8.8 KB. */
  gzip(): Buffer | undefined {
    if (this.gzipped) return this.gzipped;
    const plain = this.json();
    if (plain.length < GZIP_FROM_BYTES) return undefined;
    return (this.gzipped ??= gzipSync(plain, { level: 1 }));
  }
}

type Middleware = (req: Request, res: Response, next: NextFunction) => void;
type Answer<K extends RouteKey> = ResponseOf<K> | PreparedJson<ResponseOf<K>> | Reply<ResponseOf<K> | PreparedJson<ResponseOf<K>>> | undefined;

export type HandlerFn<K extends RouteKey> = (input: UseCaseInput<ParamsOf<K>, BodyOf<K>, QueryOf<K>, RecordOf<K>>) => Promise<Answer<K>>;

/** A route's handler: a function of the use-case input, or one with express middleware run before parsing (uploads). */
export type RouteHandler<K extends RouteKey = RouteKey> = HandlerFn<K> | { before: Middleware[]; handle: HandlerFn<K> };

/** A service's handlers, keyed like the route table; each one typed by the route's schemas in libs/contracts. */
export type Handlers = { [K in RouteKey]?: RouteHandler<K> };

export interface RouterDeps {
  service: ServiceName;
  keys: KeySource;
  /** Callers' access to stores (the memberships read model, or the service's own source). */
  memberships?: StoreAccessSource;
  /** Tokens already verified by this process (one per process; made here when absent). */
  verified?: VerifiedTokens;
  /** Revoked subjects and sessions (every service's own in-memory copy of identity's events). */
  revoked?: RevokedSessions;
  internalToken: string;
  loaders?: Loaders;
  /** Check each answer against its response schema and fail loudly on a mismatch (tests). */
  checkResponses?: boolean;
  /** Where route schemas come from (libs/contracts API); tests of the router pass their own. */
  schemas?: (key: string) => RouteSchemas | undefined;
  /** Keys of idempotent calls (RouteDef.idempotent); without it the header is ignored. */
  idempotency?: IdempotencyKeys;
  /** Where an idempotent replay is counted (ServiceMetrics). */
  metrics?: { countReplay(route: string): void };
}

const STORE_RULES = new Set<string>([
  'storeMember', 'storeNotLimited', 'storeManager', 'storeOwnerOrSuper', 'storeOwnerOrAdmin', 'storeOwner', 'storeKiosk', 'storeNotLimitedOrKiosk', 'storeOwnerOrManager',
] satisfies StoreRule[]);
const isStoreRule = (access: string): access is StoreRule => STORE_RULES.has(access);

/** Routes of the contracts that this service has no handler for yet. */
export function unimplementedRoutes(service: ServiceName, handlers: Partial<Record<string, unknown>>): string[] {
  return routesOwnedBy(service).map(routeKey).filter((k) => !handlers[k]);
}

/**
 * Mounts every route the contracts give this service; one without a handler answers 501. Access is
 * enforced here from the route table, before the handler runs: the caller, the store rule (on the store
 * named by the input or by the loaded record) and the route's policy. Handlers only get plain inputs.
 */
export function buildApiRouter(deps: RouterDeps, handlers: Handlers): Router {
  const router = express.Router();
  // One router per first path segment, found by a map lookup: Express tries a router's routes one by one,
  // which with a service's hundred routes cost more than the availability answer itself. Express matches
  // paths case-insensitively, so the segment is looked up in lower case.
  const byHead = new Map<string, Router>();
  const others = express.Router();
  const routerOf = (path: string): Router => {
    const head = path.split('/')[0];
    if (head.includes('{')) return others;
    let r = byHead.get(head.toLowerCase());
    if (!r) byHead.set(head.toLowerCase(), (r = express.Router()));
    return r;
  };
  router.use((req, res, next) => {
    const head = HEAD.exec(req.path)?.[1];
    const sub = head === undefined ? undefined : byHead.get(head.toLowerCase());
    if (sub) sub(req, res, next);
    else next();
  });
  router.use(others);
  deps = { ...deps, verified: deps.verified ?? new VerifiedTokens() };
  const owned = routesOwnedBy(deps.service);
  const known = new Set(owned.map(routeKey));
  const extra = Object.keys(handlers).filter((k) => !known.has(k));
  if (extra.length) throw new Error(`${deps.service}: handlers for routes not in the contracts: ${extra.join(', ')}`);

  for (const route of owned) {
    const key = routeKey(route);
    const h = handlers[key as RouteKey] as RouteHandler<any> | undefined;
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    if (!h) {
      // Part of the contract but not built yet: say so plainly instead of a bare 404.
      routerOf(route.path)[method](expressPath(route.path), (req, res) => {
        noteRoute(req, route.path);
        res.status(501).json({ message: 'Not available yet', code: 'notImplemented' });
      });
      continue;
    }
    if (route.record && !deps.loaders?.[route.record.kind]) {
      throw new Error(`${deps.service}: route ${key} acts on a '${route.record.kind}' record but no loader is registered for it`);
    }
    const handle = typeof h === 'function' ? h : h.handle;
    const before = typeof h === 'function' ? [] : h.before;
    const schemas = (deps.schemas ?? schemasOf)(key) ?? {};
    const named: Middleware = (req, _res, next) => {
      noteRoute(req, route.path);
      next();
    };
    routerOf(route.path)[method](expressPath(route.path), named, ...before, async (req, res, next) => {
      const started = process.hrtime.bigint();
      const receivedAt = receivedAtOf(req);
      try {
        const input = await inputFor(req, route, schemas, deps, receivedAt);
        const idem = route.idempotent && deps.idempotency ? idempotencyOf(req, key, input.caller) : null;
        let attempt: Attempt | undefined;
        if (idem) {
          const claim = await deps.idempotency!.claim(idem.id, idem.fingerprint);
          if (claim.kind === 'replay') {
            deps.metrics?.countReplay(route.path);
            return void sendStored(res, claim.reply);
          }
          attempt = claim.attempt;
        }
        let out: Reply;
        try {
          const result = attempt ? await attempt.run(() => handle(input)) : await handle(input);
          out = result instanceof Reply ? result : new Reply(result, schemas.status ?? 200);
          // A kept answer is only read back from its bytes to be checked, once (the day's is 148 KB of JSON).
          if (deps.checkResponses && schemas.response && out.body !== undefined) {
            if (!(out.body instanceof PreparedJson)) checkResponse(key, schemas.response, out.body);
            else if (!out.body.checked) {
              checkResponse(key, schemas.response, out.body.value);
              out.body.checked = true;
            }
          }
        } catch (err) {
          if (idem) await deps.idempotency!.release(idem.id);
          throw err;
        }
        if (idem) {
          const { 'Server-Timing': _timing, ...kept } = out.headers;
          const stored = out.body === undefined ? '' : out.body instanceof PreparedJson ? out.body.json().toString() : JSON.stringify(out.body);
          await deps.idempotency!.complete(idem.id, { status: out.status, body: stored, headers: kept });
        }
        if (res.headersSent) return;
        const { 'Server-Timing': parts, ...headers } = out.headers;
        // A handler may name its own phases (e.g. identity's password hash); they follow the total.
        res.set('Server-Timing', [`app;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)}`, ...(parts ? [parts] : [])].join(', '));
        res.set(headers);
        if (out.body === undefined) res.status(out.status === 200 ? 204 : out.status).end();
        else if (out.body instanceof PreparedJson) sendPrepared(req, res, out.status, out.body);
        // Bytes (a picture) go out as they are, with the Content-Type the handler set.
        else if (out.body instanceof Uint8Array) res.status(out.status).send(Buffer.from(out.body.buffer, out.body.byteOffset, out.body.byteLength));
        else res.status(out.status).json(out.body);
      } catch (err) {
        next(err);
      }
    });
  }
  return router;
}

/** The first segment after /api/ of a request's path (of an internal call's: 'internal'). */
const HEAD = /^\/(?:api\/)?([^/]+)/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The key of an idempotent call, scoped to the route and the caller; null when the client sent none. */
function idempotencyOf(req: Request, route: string, caller: Caller | undefined): { id: string; fingerprint: string } | null {
  const raw = req.get(IDEMPOTENCY_KEY_HEADER);
  if (raw === undefined) return null;
  const key = raw.trim();
  if (!UUID.test(key)) throw new AppError('validation', `${IDEMPOTENCY_KEY_HEADER}: must be a uuid`, IDEMPOTENCY_KEY_HEADER);
  const who = caller ? `${caller.kind}:${caller.userId ?? ''}:${caller.storeId ?? ''}` : `anonymous:${req.ip ?? ''}`;
  return { id: IdempotencyKeys.scope(route, who, key.toLowerCase()), fingerprint: IdempotencyKeys.fingerprint({ params: req.params, body: req.body }) };
}

/** The first answer again, marked as a replay. */
function sendStored(res: Response, stored: StoredReply): void {
  res.set(stored.headers).set('Idempotent-Replayed', 'true');
  if (stored.body === '') res.status(stored.status === 200 ? 204 : stored.status).end();
  else res.status(stored.status).type('application/json').send(stored.body);
}

function sendPrepared(req: Request, res: Response, status: number, prepared: PreparedJson): void {
  res.status(status).type('application/json');
  res.set('ETag', prepared.etag());
  // A screen that has this answer already gets a 304, as with res.json.
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const gz = prepared.gzip();
  if (gz) {
    res.vary('Accept-Encoding');
    if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      res.set('Content-Encoding', 'gzip');
      res.end(gz);
      return;
    }
  }
  res.end(prepared.json());
}

function checkResponse(key: string, schema: z.ZodType, body: unknown) {
  const r = schema.safeParse(body);
  if (!r.success) {
    throw new Error(`${key} answered outside its response schema: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
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
  return verifyToken(token, deps.keys, deps.revoked, deps.verified);
}

function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 1) continue;
    const name = part.slice(0, i).trim();
    try {
      out[name] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      // A malformed value is no cookie of ours.
    }
  }
  return out;
}

type Raw = { params: Record<string, unknown>; body: Record<string, unknown>; query: Record<string, unknown> };

function rawValue(raw: Raw, source: InputSource): { key: string; value: unknown } {
  const [from, key] = source.split('.') as ['params' | 'body' | 'query', string];
  return { key, value: raw[from][key] };
}

/**
 * Calls the spec sends without a store (sendSMS, the SMS inbox, merchant transactions) act on the caller's
 * current store (rulings 14): a client may name it in the X-Store-Id header instead of where the route
 * table reads the store, and the membership check that follows is the same. A store named in the call wins.
 */
function withCurrentStore(route: RouteDef, raw: Raw, header: string | undefined): Raw {
  if (header === undefined || !route.store || route.store === 'record') return raw;
  const [from, key] = route.store.split('.') as ['params' | 'body' | 'query', string];
  if (from === 'params' || (raw[from][key] !== undefined && raw[from][key] !== '')) return raw;
  const id = Number(header);
  return { ...raw, [from]: { ...raw[from], [key]: from === 'body' && header.trim() !== '' && Number.isSafeInteger(id) ? id : header } };
}

function numericId(raw: Raw, source: InputSource): number {
  const { key, value } = rawValue(raw, source);
  const id = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 0) {
    throw new AppError('validation', `${key}: ${value === undefined ? 'is required' : 'must be a number'}`, key);
  }
  return id;
}

/** The store ids of a route whose `store` is a list (comma-separated), each checked by accessTo. */
function storeIdList(raw: Raw, source: InputSource): number[] {
  const { key, value } = rawValue(raw, source);
  const parts = (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : []).map((p) => p.trim()).filter(Boolean);
  if (!parts.length) throw new AppError('validation', `${key}: is required`, key);
  // Checked before any store is read: a list of thousands must not fan out into thousands of reads.
  const max = franchise.MAX_FRANCHISE_LOCATIONS;
  if (new Set(parts).size > max) throw new AppError('validation', `${key}: must name at most ${max} locations`, key);
  return [...new Set(parts)].map((p) => numericId({ params: {}, body: {}, query: { [key]: p } }, `query.${key}`));
}

async function accessTo(deps: RouterDeps, caller: Caller | undefined, storeId: number, rule: StoreRule, since: number): Promise<StoreAccess> {
  if (!caller) throw unauthenticated();
  if (!deps.memberships) throw new Error(`${deps.service} has no memberships read model`);
  const access = await deps.memberships.accessFor(caller, storeId, since);
  if (!access) throw notFound('Store not found');
  if (!allows(rule, access)) throw forbidden();
  return access;
}

/** A refused policy's answer: the route's named refusal, else 403. */
const refused = (route: RouteDef) => (route.refusal ? new AppError(route.refusal.code, MESSAGES[route.refusal.message]) : forbidden());

/** The route's records; with `ofStore`, each must be of that store (another store's answers as a missing one). */
async function loadRecords(route: RouteDef, raw: Raw, deps: RouterDeps, ofStore?: number): Promise<StoreRecord[]> {
  const ref = route.record!;
  const sources = (Array.isArray(ref.from) ? ref.from : [ref.from]) as InputSource[];
  const load = deps.loaders![ref.kind] as (id: number | string) => Promise<StoreRecord | null>;
  const records: StoreRecord[] = [];
  for (const source of sources) {
    if (ref.optional && rawValue(raw, source).value == null) continue;
    let id: number | string;
    if (STRING_ID_KINDS.has(ref.kind)) {
      const { key, value } = rawValue(raw, source);
      if (typeof value !== 'string' || !value.trim()) throw new AppError('validation', `${key}: is required`, key);
      id = value;
    } else {
      id = numericId(raw, source);
    }
    const loaded = await load(id);
    const record = loaded && (ofStore === undefined || loaded.storeId === ofStore) ? loaded : null;
    // a route that refuses with notFound answers a missing record the same way: a refusal reveals nothing
    if (!record) throw route.refusal?.code === 'notFound' ? refused(route) : notFound(route.missing && MESSAGES[route.missing]);
    records.push(record);
  }
  return records;
}

/**
 * Who may call, in order: the caller's kind, then the store rule on the raw ids (someone who may not call
 * learns nothing about what the call accepts), then parsing, then the route's policy on the parsed input,
 * then a record the input names beside its store.
 */
async function inputFor(req: Request, route: RouteDef, schemas: RouteSchemas, deps: RouterDeps, receivedAt: number): Promise<UseCaseInput> {
  const caller = await authenticate(req, route, deps);
  const raw: Raw = withCurrentStore(route, { params: req.params ?? {}, body: (req.body ?? {}) as Record<string, unknown>, query: (req.query ?? {}) as Record<string, unknown> }, req.get(CURRENT_STORE_HEADER));
  let access: StoreAccess | undefined;
  let records: StoreRecord[] = [];
  // The store a store rule was checked on when the input names one (a record named beside it must be of it).
  let checkedStore: number | undefined;

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
      // their own records: no store rule, the route's policy judges the record
      if (route.record) records = await loadRecords(route, raw, deps);
      break;
    case 'authenticated':
      if (!caller) throw unauthenticated();
      // The door tablet's token signs walk-ins in and nothing else (docs/product/roles.md).
      if (caller.kind === 'kiosk') throw forbidden();
      break;
    case 'professional':
      if (!caller) throw unauthenticated();
      if (caller.kind !== 'user' || (caller.role !== 'professional' && caller.role !== SUPER_ADMIN)) {
        throw new AppError('professionalOnly', MESSAGES.professionalOnly);
      }
      break;
    case 'optional':
      // Open to everyone, but a signed-in caller's relation to the named store shapes the answer (and a
      // policy may refuse some members). An unknown store leaves it undefined for the use case to judge.
      if (caller && route.store && route.store !== 'record') {
        access = (await deps.memberships?.accessFor(caller, numericId(raw, route.store), receivedAt)) ?? undefined;
      }
      break;
    default:
      if (!isStoreRule(route.access)) break;
      if (!caller) throw unauthenticated();
      if (route.store === 'record') {
        records = await loadRecords(route, raw, deps);
        for (const r of records) access = await accessTo(deps, caller, r.storeId, route.access, receivedAt);
      } else if (route.store && (route as RouteDef).storeList) {
        // All at once (a franchise report names up to 100 stores); the refusal is the first listed store's.
        const rule = route.access;
        const each = await Promise.allSettled(storeIdList(raw, route.store).map((id) => accessTo(deps, caller, id, rule, receivedAt)));
        const refusal = each.find((r) => r.status === 'rejected');
        if (refusal) throw refusal.reason;
        access = (each.at(-1) as PromiseFulfilledResult<StoreAccess> | undefined)?.value;
      } else if (route.store) {
        checkedStore = numericId(raw, route.store);
        access = await accessTo(deps, caller, checkedStore, route.access, receivedAt);
      }
  }

  const params = schemas.params ? parse(schemas.params, req.params, 'params') : {};
  // The body as sent, unless the current store was added to it.
  const sentBody = raw.body === req.body || (req.body === undefined && Object.keys(raw.body).length === 0) ? req.body : raw.body;
  const body = schemas.body ? parse(schemas.body, sentBody, 'body') : {};
  const query = schemas.query ? parse(schemas.query, raw.query, 'query') : {};
  // A signed-in caller's own record outside any store (the invitation sent to them) is loaded once its id is
  // known good: with no store rule to pass first, a malformed id is a 400 and is never looked up.
  if (route.access === 'authenticated' && route.record) records = await loadRecords(route, { params, body, query } as Raw, deps);

  if (route.policy) {
    // A customer's route, or a signed-in caller's, judges their own record, with no relation to a store.
    const judged = route.access === 'customer' || route.access === 'authenticated' ? NO_STORE_ACCESS : access;
    if (!judged && route.access !== 'optional') throw new Error(`route ${routeKey(route)} has a policy but no store`);
    // On an 'optional' route a caller with no relation to the store (or no caller) has nothing to check.
    if (judged && !POLICIES[route.policy]({ access: judged, callerUserId: caller?.userId, callerPhone: caller?.phone, record: records[0], body })) throw refused(route);
  }
  // A record named beside the store (the appointment a text or a no-show fee is about) is looked up last, for a
  // caller the rule and the policy let through, and within that store only: another store's is not found.
  if (checkedStore !== undefined && route.record) records = await loadRecords(route, { params, body, query } as Raw, deps, checkedStore);

  return { params, body, query, caller, access, record: records[0], records, ip: req.ip ?? '', cookies: parseCookies(req.get('cookie')), receivedAt };
}
