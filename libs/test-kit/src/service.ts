import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { z } from 'zod';
import { buildService, type KeySource, type ServiceDefinition } from '@turnbook/service-kit';
import { NO_SCHEDULING_URL } from './fake-scheduling';
import { testKeys } from './tokens';

/**
 * Builds a service against the shared test infrastructure (MONGO_URL / NATS_URL from the jest global
 * setup) with a fresh database of its own, and test keys for tokens unless `keys` says otherwise.
 */
export async function startTestService<E extends z.ZodRawShape>(
  def: ServiceDefinition<E>,
  /** env: on top of this process's environment; a variable given as undefined is taken out of it. */
  opts: { env?: Record<string, string | undefined>; keys?: KeySource | 'own' } = {},
) {
  const keys = testKeys();
  const dbName = `t-${def.name}-${randomBytes(4).toString('hex')}`;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MONGO_DB: dbName,
    // Each sweep reads every tracked collection (nine queries for scheduling): at 200 ms, every service a
    // test started kept the database busy the whole run. Tests that watch the sweeper work set their own.
    OUTBOX_SWEEP_MS: '1000',
    // what a crashed request left is swept after a second, not the product's 3 s: tests wait less
    OUTBOX_SWEEP_AFTER_MS: '1000',
    DURABLE_SUFFIX: `-${dbName}`,
    // Every test file shares one NATS: a new instance's consumers must not replay what earlier files published.
    NEW_CONSUMERS_FROM: 'now',
    CHECK_RESPONSES: '1',
    // Stores a test did not put in the read model stay unknown, whatever runs on scheduling's default port.
    SCHEDULING_URL: NO_SCHEDULING_URL,
    ...opts.env,
  };
  const built = await buildService(def, env, opts.keys === 'own' ? {} : { keys: opts.keys ?? keys.source });
  return {
    ...built,
    keys,
    http: () => request(built.app),
    /** Stops the service, whose last writes (read counts, outbox) land first, then drops its database. */
    stop: () => built.stop({ dropDatabase: true }),
  };
}

/** Polls until `check` passes (events are asynchronous). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastErr: unknown;
  while (Date.now() < until) {
    try {
      return await check();
    } catch (err) {
      lastErr = err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw lastErr;
}
