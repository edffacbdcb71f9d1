import express from 'express';
import { z } from 'zod';
import type { ServiceDefinition } from '@turnbook/service-kit';
import { customerRoutes } from './customers/routes';
import { wireFeatures, type Features } from './features';
import { mergeRoutes } from './merge/routes';
import { publicLookupRoutes } from './public-lookup/routes';
import { searchRoutes } from './search/routes';

const env = {
  /** 'off' answers every search from the database (slow on FerretDB; useful to compare). */
  CUSTOMER_SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  CUSTOMER_SEARCH_INDEX_TTL_MS: z.coerce.number().int().positive().default(5 * 60_000),
  CUSTOMER_SEARCH_INDEX_MAX_STORES: z.coerce.number().int().positive().default(500),
};

/** Set by `build` so tests can reach the wired features (e.g. the search index). */
export let lastFeatures: Features | undefined;

/** Customers per store: CRUD, search, merge, favourite staff, banned status (ARCHITECTURE.md §3). */
export const customersService: ServiceDefinition<typeof env> = {
  name: 'customers',
  env,
  async build(ctx) {
    const f = wireFeatures(ctx, {
      enabled: ctx.config.CUSTOMER_SEARCH_INDEX === 'on',
      ttlMs: ctx.config.CUSTOMER_SEARCH_INDEX_TTL_MS,
      maxStores: ctx.config.CUSTOMER_SEARCH_INDEX_MAX_STORES,
    });
    lastFeatures = f;
    await f.repo.init();
    await f.staffNames.follow(ctx.bus);
    f.index.start();
    // Finish merges a previous process left half-way, now and then.
    await f.merge.purge();
    const purger = setInterval(() => void f.merge.purge(), 60_000);
    purger.unref();
    // Notes when a request arrived, so searches can report their whole server time (Server-Timing).
    const timing = express.Router();
    timing.use((_req, res, next) => {
      res.locals.startedAt = process.hrtime.bigint();
      next();
    });
    return {
      extra: timing,
      handlers: { ...customerRoutes(f), ...searchRoutes(f), ...mergeRoutes(f), ...publicLookupRoutes(f) },
      onStop: async () => {
        clearInterval(purger);
        f.index.stop();
      },
    };
  },
};
