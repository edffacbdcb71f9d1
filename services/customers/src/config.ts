import { z } from 'zod';

/** customers's own settings, validated with the kit's base config at start (deploy/local/test/compose.test.mjs checks the compose file against them). */
export const customersEnv = {
  /** 'off' answers every search from the database (to compare; slow on FerretDB). */
  CUSTOMER_SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  CUSTOMER_SEARCH_INDEX_MAX_STORES: z.coerce.number().int().positive().default(500),
  /** How many stores (most written first) the index reads in the background at start; 0 reads each on its first search. */
  CUSTOMER_SEARCH_INDEX_WARM_STORES: z.coerce.number().int().min(0).default(50),
  /** Create-or-find calls from outside a store (booking flow, kiosk) per client address / per phone, per window. */
  CUSTOMER_GUEST_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  CUSTOMER_GUEST_PER_PHONE: z.coerce.number().int().positive().default(10),
  CUSTOMER_GUEST_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  /** The booking page's lookups by phone (no token) per client address / per phone / per store, per window. */
  CUSTOMER_LOOKUP_PER_ADDRESS: z.coerce.number().int().positive().default(60),
  CUSTOMER_LOOKUP_PER_PHONE: z.coerce.number().int().positive().default(20),
  CUSTOMER_LOOKUP_PER_STORE: z.coerce.number().int().positive().default(600),
};
