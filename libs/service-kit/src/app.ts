import type { Server } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import type { ErrorCode, ServiceName } from '@turnbook/contracts';
import { RemoteJwks, type KeySource } from './auth';
import { loadConfig, type BaseConfig } from './config';
import { AppError, databaseUnavailable, isDatabaseUnavailable, isDuplicateKey } from './errors';
import { EventBus, type Consumers } from './events';
import { createLogger, type Logger } from './logger';
import { ServiceMetrics } from './metrics';
import { Memberships, schedulingMembershipLookup, type StoreAccessSource } from './memberships';
import { IdempotencyKeys } from './idempotency';
import { createMissingIndexes, ensureLocalIndexes } from './indexes';
import { connectMongo, idModels } from './mongo';
import { requestLogs } from './request-log';
import { keepMongoConnected } from './mongo-keeper';
import { SessionRevocations } from './revocations';
import { buildApiRouter, noteArrival, unimplementedRoutes, type Handlers, type Loaders } from './router';

export interface ServiceContext<C extends BaseConfig = BaseConfig> {
  config: C;
  log: Logger;
  db: Connection;
  bus: EventBus;
  memberships: Memberships;
  /** Revoked sessions this instance has heard of; verifyToken refuses their tokens (identity also notes its own). */
  revocations: SessionRevocations;
  /** This instance's Prometheus metrics (GET /metrics); a service adds gauges of its own (the relay's sockets). */
  metrics: ServiceMetrics;
}

export interface ServiceParts {
  handlers: Handlers;
  /** How the routes that act on one record find it (see RouteDef.record); the router authorizes with it. */
  loaders?: Loaders;
  /** Other plain routes (e.g. a dev page); mounted before the API. */
  extra?: Router;
  /**
   * Middleware run as a request arrives, before logging and body parsing: reads a route will need, started so
   * they overlap the rest (it must only start reads and call next; nothing it reads is answered before the
   * router has let the caller in).
   */
  early?: Router;
  /** Verification keys; identity supplies its own, others fetch identity's JWKS. */
  keys?: KeySource;
  /** Largest JSON body accepted. */
  bodyLimit?: string;
  /** The service's event consumers (names from libs/contracts CONSUMERS), started once the service is built. */
  consumers?: Consumers;
  /** Called with the HTTP server once it listens (e.g. to attach a WebSocket server). */
  onServer?: (server: Server) => void;
  onStop?: () => Promise<void>;
  /** Callers' access to stores, when the service has a source closer than the memberships read model (scheduling). */
  access?: StoreAccessSource;
  /**
   * The service writes the membership read model itself, at each change (scheduling, which owns stores
   * and staff): it does not also apply its own `store.membership_changed` events a second time.
   */
  ownsMemberships?: boolean;
}

export interface ServiceDefinition<E extends z.ZodRawShape> {
  name: ServiceName;
  env?: E;
  /** Wires the service's features; called once connections are up. */
  build(ctx: ServiceContext<BaseConfig & z.infer<z.ZodObject<E>>>): Promise<ServiceParts>;
}

export interface BuiltService<C extends BaseConfig = BaseConfig> extends ServiceContext<C> {
  app: Express;
  parts: ServiceParts;
  /** Stops consumers and timers (their last writes included), then closes; `dropDatabase` (tests) drops it last. */
  stop(opts?: { dropDatabase?: boolean }): Promise<void>;
}

/** Builds the app with its connections, without listening (tests use this with supertest). */
export async function buildService<E extends z.ZodRawShape>(
  def: ServiceDefinition<E>,
  env: NodeJS.ProcessEnv = process.env,
  overrides: { keys?: KeySource } = {},
): Promise<BuiltService<BaseConfig & z.infer<z.ZodObject<E>>>> {
  const config = loadConfig(def.name, def.env ?? ({} as E), env);
  const log = createLogger(def.name, config.LOG_LEVEL);
  // How long each step of a start takes (a restarted process must answer within seconds), logged once built.
  const started = performance.now();
  const phases: Record<string, number> = {};
  const phase = (name: string) => { phases[name] = Math.round(performance.now() - started - Object.values(phases).reduce((a, b) => a + b, 0)); };
  const db = await connectMongo(config.MONGO_URL, config.mongoDb);
  phase('database');
  const mongoKeeper = keepMongoConnected(db, log);
  const bus = new EventBus({
    natsUrl: config.NATS_URL,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    name: def.name,
    db,
    log,
    sweepMs: config.OUTBOX_SWEEP_MS,
    sweepAfterMs: config.OUTBOX_SWEEP_AFTER_MS,
    durableSuffix: config.DURABLE_SUFFIX,
    newConsumersFrom: config.NEW_CONSUMERS_FROM,
  });
  await bus.start();
  phase('nats');
  const memberships = new Memberships(db);
  const revocations = new SessionRevocations(log);
  await revocations.start(bus);
  const metrics = new ServiceMetrics(def.name, log);
  metrics.watchEvents(bus);
  const ctx = { config, log, db, bus, memberships, revocations, metrics };
  const parts = await def.build(ctx);
  phase('build');
  const idempotency = new IdempotencyKeys(db);
  await idempotency.init();
  idModels(db);
  await createMissingIndexes(db);
  await ensureLocalIndexes(db, config.FERRETDB_POSTGRESQL_URL, log);
  phase('indexes');
  if (!parts.ownsMemberships) {
    // A store created a moment ago is asked of scheduling until its event arrives (docs/decisions.md).
    memberships.askOnMiss(schedulingMembershipLookup(config.SCHEDULING_URL, config.INTERNAL_TOKEN), log);
    await memberships.follow(bus, def.name);
  }
  if (parts.consumers) await bus.consumeAll(parts.consumers);
  const keys = overrides.keys ?? parts.keys ?? new RemoteJwks(`${config.IDENTITY_URL}/api/.well-known/jwks.json`);
  if (keys instanceof RemoteJwks) await keys.warm();
  phase('consumers and keys');
  log.info({ ms: Math.round(performance.now() - started), phases, sinceProcessStart: Math.round(process.uptime() * 1000) }, `${def.name} built`);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUSTED_PROXIES);
  app.use(noteArrival);
  if (parts.early) app.use(parts.early);
  app.use(requestLogs(log));
  app.use(helmet({ contentSecurityPolicy: false }));
  app.get('/health', (_req, res) => {
    const ok = db.readyState === 1 && bus.isConnected();
    res.status(ok ? 200 : 503).json({ service: def.name, mongo: db.readyState === 1, nats: bus.isConnected() });
  });
  // Before the request metrics: probes and scrapes are not the traffic they measure.
  app.get('/metrics', metrics.endpoint(config.INTERNAL_TOKEN));
  app.use(metrics.middleware());
  app.use(bodyParsers(parts.bodyLimit));
  if (parts.extra) app.use(parts.extra);
  app.use(
    buildApiRouter(
      { service: def.name, keys, memberships: parts.access ?? memberships, revoked: revocations, internalToken: config.INTERNAL_TOKEN, loaders: parts.loaders, checkResponses: config.CHECK_RESPONSES, idempotency, metrics },
      parts.handlers,
    ),
  );
  app.use((_req, res) => void res.status(404).json({ message: 'Not found', code: 'notFound' }));
  app.use(errorHandler(log));

  const stop = async (opts: { dropDatabase?: boolean } = {}) => {
    await parts.onStop?.();
    revocations.stop();
    await bus.stop();
    mongoKeeper.stop();
    if (opts.dropDatabase) await db.dropDatabase().catch(() => undefined);
    await db.close();
  };
  const pending = unimplementedRoutes(def.name, parts.handlers);
  if (pending.length) log.info(`not built yet (501): ${pending.join(', ')}`);
  return { ...ctx, app, parts, stop };
}

/** Starts a service: builds it, listens, and shuts down gracefully on SIGTERM/SIGINT. */
export async function runService<E extends z.ZodRawShape>(def: ServiceDefinition<E>): Promise<void> {
  let built: BuiltService | undefined;
  try {
    built = await buildService(def);
  } catch (err) {
    console.error(`${def.name} failed to start: ${(err as Error).message}`);
    process.exit(1);
  }
  const { app, config, log } = built;
  const server = listen(app, config.port, config.HOST, () => log.info(`${def.name} listening on ${config.HOST}:${config.port}`));
  built.parts.onServer?.(server);
  process.on('unhandledRejection', (err) => log.error({ err: String(err) }, 'unhandled rejection'));
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 8000);
    force.unref();
    // Drain: stop accepting, let the requests in flight finish (with the database and NATS still there,
    // so their writes and events complete), close keep-alive connections as they go idle, then take no
    // more messages and flush the outbox before disconnecting.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const idle = setInterval(() => server.closeIdleConnections?.(), 100);
    server.closeIdleConnections?.();
    await closed;
    clearInterval(idle);
    await built!.bus.drain().catch((err) => log.error({ err: String(err) }, 'error while draining events'));
    await built!.stop().catch((err) => log.error({ err: String(err) }, 'error while stopping'));
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * The HTTP server of a service. The gateway opens a connection per call in flight: a burst of 1,000
 * overflowed the default accept queue (511) and the calls waiting in it were reset (npm run bench:booking).
 * Clients (nginx 4 s, undici's fetch 4 s) must be the side that closes an idle connection: a server that
 * closes it first races a request sent on it at that moment ("other side closed", seen in a loaded run).
 */
export function listen(app: Express, port: number, host: string, onListening?: () => void): Server {
  const server = app.listen(port, host, 4096, onListening);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

const RAW_BODY = Symbol('rawBody');

/** The bytes of a JSON body as they arrived: a webhook signature (Stripe's) is over them, not over the parsed value. */
export function rawBodyOf(req: Request): Buffer | undefined {
  return (req as unknown as { [RAW_BODY]?: Buffer })[RAW_BODY];
}

/** JSON and form bodies; what they refuse, errorHandler answers with a 400 (413 when too large). */
export function bodyParsers(limit = '100kb'): RequestHandler[] {
  const keepRaw = (req: unknown, _res: unknown, buf: Buffer) => void ((req as { [RAW_BODY]?: Buffer })[RAW_BODY] = buf);
  return [express.json({ limit, strict: true, verify: keepRaw }), express.urlencoded({ extended: false, limit, parameterLimit: 1000 })];
}

/** What a malformed request is told, by the `type` body-parser gives its errors (http-errors). */
const MALFORMED: Record<string, { status: 400 | 413; message: string; code: ErrorCode }> = {
  'entity.too.large': { status: 413, message: 'body: is too large', code: 'tooLarge' },
  'entity.parse.failed': { status: 400, message: 'body: must be valid JSON', code: 'validation' },
  'charset.unsupported': { status: 400, message: 'body: must be encoded as utf-8', code: 'validation' },
  'encoding.unsupported': { status: 400, message: 'body: content encoding must be gzip, deflate, br or identity', code: 'validation' },
  'parameters.too.many': { status: 400, message: 'body: has too many fields', code: 'validation' },
  'querystring.parse.rangeError': { status: 400, message: 'body: is nested too deeply', code: 'validation' },
};

/**
 * Malformed input is the client's fault, whatever layer notices it: body-parser (bad JSON, charset,
 * encoding, a body that does not inflate, too many fields, too large), the router (a path that is not
 * valid percent-encoding) or multer. Never a 500.
 */
function malformedRequest(err: unknown): { status: number; body: { message: string; code: ErrorCode; field: string } } | undefined {
  const e = err as { type?: string; status?: number; name?: string; code?: string; expose?: boolean } | null;
  if (!e || typeof e !== 'object') return undefined;
  const known = e.type ? MALFORMED[e.type] : undefined;
  if (known) return { status: known.status, body: { message: known.message, code: known.code, field: 'body' } };
  if (e.name === 'MulterError') {
    const tooLarge = e.code === 'LIMIT_FILE_SIZE' || e.code === 'LIMIT_FIELD_VALUE';
    return tooLarge
      ? { status: 413, body: { message: 'body: is too large', code: 'tooLarge', field: 'body' } }
      : { status: 400, body: { message: 'body: is not a valid upload', code: 'validation', field: 'body' } };
  }
  // The router's URIError for a param that does not decode (e.g. %FF) comes with status 400.
  if (err instanceof URIError) return { status: 400, body: { message: 'path: is not valid URL encoding', code: 'validation', field: 'path' } };
  if (err instanceof SyntaxError) return { status: 400, body: { message: 'body: must be valid JSON', code: 'validation', field: 'body' } };
  // Any other client error body-parser raises (e.g. a gzip body that does not inflate, an aborted upload).
  if (e.expose && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    return { status: 400, body: { message: 'body: could not be read', code: 'validation', field: 'body' } };
  }
  return undefined;
}

/** Turns AppError, malformed-request, duplicate-key and database-unavailable errors into `{message, code, field?}` answers. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    const answer = (e: AppError) => void res.set(e.headers).status(e.status).json(e.toBody());
    if (err instanceof AppError) return answer(err);
    const malformed = malformedRequest(err);
    if (malformed) return void res.status(malformed.status).json(malformed.body);
    if (isDuplicateKey(err)) return void res.status(409).json({ message: 'Already exists', code: 'conflict' });
    if (isDatabaseUnavailable(err)) {
      log.error({ err, url: req.originalUrl }, 'database unavailable');
      return answer(databaseUnavailable());
    }
    log.error({ err, url: req.originalUrl }, 'unhandled error');
    res.status(500).json({ message: 'Something went wrong', code: 'internal' });
  };
}
