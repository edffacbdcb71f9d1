import { RequestLimiter, type Job, type ServiceDefinition } from '@turnbook/service-kit';
import { identityAccounts, type Accounts } from './accounts/identity-accounts';
import { customerRoutes } from './customers/routes';
import { CustomerRepository, type CustomerDoc } from './customers/repository';
import { mergeRoutes } from './merge/routes';
import { merges } from './merge/purge-merged';
import { internalLookupRoutes } from './public-lookup/internal-routes';
import { publicLookupRoutes } from './public-lookup/routes';
import { CustomerIndex } from './search/customer-index';
import { searchRoutes } from './search/routes';
import { applyStaffUpdate } from './staff-names/apply-staff-update';
import { StaffNameRepository } from './staff-names/repository';
import { countVisit } from './visits/count-visit';
import { VisitRepository } from './visits/repository';
import { customersEnv } from './config';

declare module '@turnbook/service-kit' {
  interface RecordTypes {
    customer: CustomerDoc;
  }
}

/** How often merges a previous process left half-way are finished. */
const PURGE_EVERY_MS = 60_000;

export interface CustomersOptions {
  /** User accounts; identity's internal call unless given. */
  accounts?: Accounts;
}

/** Customers per store: create, read, edit, delete, search, merge, favourite staff, banned status. */
export function createCustomersService(opts: CustomersOptions = {}): ServiceDefinition<typeof customersEnv> {
  return {
    name: 'customers',
    env: customersEnv,
    async build({ db, bus, memberships, log, config }) {
      const customers = new CustomerRepository(db, bus, memberships);
      // Same collection as before the shared limiter: counts made then still count.
      const guestCreates = new RequestLimiter(db, config.CUSTOMER_GUEST_WINDOW_SECONDS, 'customer_guest_creates');
      const limiter = new RequestLimiter(db, config.CUSTOMER_GUEST_WINDOW_SECONDS, 'customer_lookup_limits');
      const visits = new VisitRepository(db);
      // side by side: a restarted process answers sooner
      await Promise.all([customers.init(), guestCreates.init(), limiter.init(), visits.init()]);
      const lookupLimits = { perAddress: config.CUSTOMER_LOOKUP_PER_ADDRESS, perPhone: config.CUSTOMER_LOOKUP_PER_PHONE, perStore: config.CUSTOMER_LOOKUP_PER_STORE };
      const accounts = opts.accounts ?? identityAccounts(config.IDENTITY_URL, config.INTERNAL_TOKEN);
      const limits = {
        perAddress: config.CUSTOMER_GUEST_PER_ADDRESS,
        perPhone: config.CUSTOMER_GUEST_PER_PHONE,
      };
      const staffNames = new StaffNameRepository(db);
      const index = config.CUSTOMER_SEARCH_INDEX === 'on' ? new CustomerIndex(customers, { maxStores: config.CUSTOMER_SEARCH_INDEX_MAX_STORES }) : undefined;

      // The purge is a job, once per cluster (docs/decisions.md "one job runner"), and the next waits for the
      // last one: on a year of customers a purge is a full scan (FerretDB does not push `$ne` down), and on a
      // busy machine scans started every minute piled up on the database. It starts in the background too:
      // merged customers are hidden from every read already, and a scan of 100,000 customers before listening
      // kept the service from being ready for tens of seconds.
      let purger: Job | undefined;
      let stopped = false;
      const startPurges = async () => {
        if (stopped) return;
        const purges = merges({ customers, log });
        purger = await bus.every('merged-customer-purge', PURGE_EVERY_MS, purges.purge);
        if (stopped) purger.stop();
      };
      // The busiest stores' copies are read before anyone searches them, once the service listens (reading
      // them while it starts delayed its first answer after a crash); the purge's scan waits for that.
      const warm = async () => {
        if (!index || !config.CUSTOMER_SEARCH_INDEX_WARM_STORES) return;
        const t0 = Date.now();
        const warmed = await index.warm(await customers.busiestStores(config.CUSTOMER_SEARCH_INDEX_WARM_STORES), () => stopped);
        log.info({ stores: warmed, ms: Date.now() - t0 }, 'customer search index warmed');
      };
      const warmThenPurge = () =>
        void warm()
          .catch((err) => log.warn({ err: String(err) }, 'customer search index not warmed; stores load on their first search'))
          .finally(() => startPurges().catch((err) => log.warn({ err: String(err) }, 'merged-customer purges not started')));

      return {
        onServer: (server) => server.once('listening', warmThenPurge),
        handlers: {
          ...customerRoutes({ customers, bus, staffNames, accounts, guestCreates, limits }),
          ...searchRoutes({ index, customers, staffNames }),
          ...mergeRoutes({ customers, bus }),
          ...publicLookupRoutes({ customers, limiter, lookupLimits }),
          ...internalLookupRoutes({ customers }),
        },
        consumers: {
          'customers-staff-names': (env) => applyStaffUpdate({ staffNames }, env.data),
          'customers-sheet-visits': (e) => countVisit({ customers, visits, bus }, e.data),
        },
        loaders: { customer: (id) => customers.findById(id) },
        onStop: async () => {
          stopped = true;
          purger?.stop();
        },
      };
    },
  };
}

export const customersService = createCustomersService();
