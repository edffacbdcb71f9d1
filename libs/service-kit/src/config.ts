import { z } from 'zod';
import { SERVICES, type ServiceName } from '@turnbook/contracts';

const DEV_INTERNAL_TOKEN = 'dev-internal-token-change-me';

/** What every service reads (exported for deploy/local/test/compose.test.mjs, which checks the compose file against it). */
export const BaseEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().positive().optional(),
  HOST: z.string().default('127.0.0.1'),
  // a MongoDB connection string, which may list a replica set's members (host1,host2,...): not a WHATWG URL
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\/[^\s/?]+(\/\S*)?$/, 'must be a MongoDB connection string (mongodb://host1,host2/...)').default('mongodb://127.0.0.1:27017/'),
  MONGO_DB: z.string().optional(),
  // The PostgreSQL under a local FerretDB: services create the GIN indexes its queries need. Unset for MongoDB.
  FERRETDB_POSTGRESQL_URL: z.string().url().optional(),
  /** One server, or every node of a cluster comma-separated (`nats://a:4222,nats://b:4222`): the client fails over. */
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Nodes that keep a copy of the events stream (3 on a 3-node cluster); an existing stream with fewer is scaled up. */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  IDENTITY_URL: z.string().url().default(`http://127.0.0.1:${SERVICES.identity.port}`),
  /** scheduling's internal calls: a store's membership on a miss (every service), an online request's notice (messaging). */
  SCHEDULING_URL: z.string().url().default(`http://127.0.0.1:${SERVICES.scheduling.port}`),
  INTERNAL_TOKEN: z.string().min(16).default(DEV_INTERNAL_TOKEN),
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Who may say which client a request comes from (X-Forwarded-For): Express's `trust proxy` list. */
  TRUSTED_PROXIES: z.string().min(1).default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Writes publish at once; the sweeper only recovers failures. FerretDB scans the collection for it, so not too often.
  OUTBOX_SWEEP_MS: z.coerce.number().int().positive().default(5000),
  OUTBOX_SWEEP_AFTER_MS: z.coerce.number().int().nonnegative().default(3000),
  DURABLE_SUFFIX: z.string().regex(/^[A-Za-z0-9_-]*$/).default(''),
  // Where a durable consumer created now starts (EventBusOptions.newConsumersFrom); tests on a shared NATS: 'now'.
  NEW_CONSUMERS_FROM: z.enum(['declared', 'now']).default('declared'),
  /** 'low' makes hashing passwords and PINs cheap; honoured only when NODE_ENV=test (hashing.ts). */
  PASSWORD_HASH_COST: z.enum(['default', 'low']).default('default'),
  // Tests and the local test stack check every answer against its response schema in libs/contracts.
  CHECK_RESPONSES: z.enum(['0', '1']).default('0').transform((v) => v === '1'),
});

export type BaseConfig = z.infer<typeof BaseEnv> & { service: ServiceName; port: number; mongoDb: string };

/**
 * Reads the environment once at start. A missing or bad value stops the process with a message that
 * names the variable, rather than failing later somewhere less obvious.
 */
export function loadConfig<E extends z.ZodRawShape>(
  service: ServiceName,
  extra: E = {} as E,
  env: NodeJS.ProcessEnv = process.env,
): BaseConfig & z.infer<z.ZodObject<E>> {
  const schema = BaseEnv.extend(extra);
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration for ${service}:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data as unknown as z.infer<typeof BaseEnv>;
  if (cfg.NODE_ENV === 'production' && cfg.INTERNAL_TOKEN === DEV_INTERNAL_TOKEN) {
    throw new Error(`Invalid configuration for ${service}:\n  INTERNAL_TOKEN: must be set in production`);
  }
  return {
    ...cfg,
    service,
    port: cfg.PORT ?? SERVICES[service].port,
    mongoDb: cfg.MONGO_DB ?? `turnbook-${service}`,
  } as unknown as BaseConfig & z.infer<z.ZodObject<E>>;
}
