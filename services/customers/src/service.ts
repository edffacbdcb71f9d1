import { z } from 'zod';
import { RequestLimiter, type ServiceDefinition } from '@turnbook/service-kit';
import { identityAccounts, type Accounts } from './accounts/identity-accounts';
import { customerRoutes } from './customers/routes';
import { CustomerRepository, type CustomerDoc } from './customers/repository';
import { mergeRoutes } from './merge/routes';
import { purgeMerged } from './merge/purge-merged';
import { internalLookupRoutes } from './public-lookup/internal-routes';
import { publicLookupRoutes } from './public-lookup/routes';
import { CustomerIndex } from './search/customer-index';
import { searchRoutes } from './search/routes';
import { applyStaffUpdate } from './staff-names/apply-staff-update';
import { StaffNameRepository } from './staff-names/repository';
import { countVisit } from './visits/count-visit';
import { VisitRepository } from './visits/repository';

declare module '@turnbook/service-kit' {
  interface RecordTypes {
    customer: CustomerDoc;
  }
}

const env = {
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

/** How often merges a previous process left half-way are finished. */
const PURGE_EVERY_MS = 60_000;

export interface CustomersOptions {
  /** User accounts; identity's internal call unless given. */
  accounts?: Accounts;
}

/** Customers per store: create, read, edit, delete, search, merge, favourite staff, banned status. */
export function createCustomersService(opts: CustomersOptions = {}): ServiceDefinition<typeof env> {
  return {
    name: 'customers',
    env,
    async build({ db, bus, memberships, log, config }) {
      const customers = new CustomerRepository(db, bus, memberships);
      await customers.init();
      // Same collection as before the shared limiter: counts made then still count.
      const guestCreates = new RequestLimiter(db, config.CUSTOMER_GUEST_WINDOW_SECONDS, 'customer_guest_creates');
      await guestCreates.init();
      const limiter = new RequestLimiter(db, config.CUSTOMER_GUEST_WINDOW_SECONDS, 'customer_lookup_limits');
      await limiter.init();
      const lookupLimits = { perAddress: config.CUSTOMER_LOOKUP_PER_ADDRESS, perPhone: config.CUSTOMER_LOOKUP_PER_PHONE, perStore: config.CUSTOMER_LOOKUP_PER_STORE };
      const accounts = opts.accounts ?? identityAccounts(config.IDENTITY_URL, config.INTERNAL_TOKEN);
      const limits = {
        perAddress: config.CUSTOMER_GUEST_PER_ADDRESS,
        perPhone: config.CUSTOMER_GUEST_PER_PHONE,
      };
      const staffNames = new StaffNameRepository(db);
      const index = config.CUSTOMER_SEARCH_INDEX === 'on' ? new CustomerIndex(customers, { maxStores: config.CUSTOMER_SEARCH_INDEX_MAX_STORES }) : undefined;

      await bus.consume('customers-staff-names', (env) => applyStaffUpdate({ staffNames }, env.data));
      const visits = new VisitRepository(db);
      await visits.init();
      await bus.consume('customers-sheet-visits', (e) => countVisit({ customers, visits, bus }, e.data));

      // The next purge waits for the last one: on a year of customers a purge is a full scan (FerretDB does
      // not push `$ne` down), and on a busy machine scans started every minute piled up on the database.
      // The first runs in the background too: merged customers are hidden from every read already, and a
      // scan of 100,000 customers before listening kept the service from being ready for tens of seconds.
      let purger: NodeJS.Timeout | undefined;
      let stopped = false;
      const purgeLater = (ms: number) => {
        if (stopped) return;
        purger = setTimeout(() => void purgeMerged({ customers, log }).finally(() => purgeLater(PURGE_EVERY_MS)), ms);
        purger.unref();
      };
      // The busiest stores' copies are read before anyone searches them; the purge's scan waits for that.
      const warm = async () => {
        if (!index || !config.CUSTOMER_SEARCH_INDEX_WARM_STORES) return;
        const t0 = Date.now();
        const warmed = await index.warm(await customers.busiestStores(config.CUSTOMER_SEARCH_INDEX_WARM_STORES), () => stopped);
        log.info({ stores: warmed, ms: Date.now() - t0 }, 'customer search index warmed');
      };
      void warm()
        .catch((err) => log.warn({ err: String(err) }, 'customer search index not warmed; stores load on their first search'))
        .finally(() => purgeLater(0));

      return {
        handlers: {
          ...customerRoutes({ customers, bus, staffNames, accounts, guestCreates, limits }),
          ...searchRoutes({ index, customers, staffNames }),
          ...mergeRoutes({ customers, bus }),
          ...publicLookupRoutes({ customers, limiter, lookupLimits }),
          ...internalLookupRoutes({ customers }),
        },
        loaders: { customer: (id) => customers.findById(id) },
        onStop: async () => {
          stopped = true;
          clearTimeout(purger);
        },
      };
    },
  };
}

export const customersService = createCustomersService();
