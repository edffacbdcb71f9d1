import { z } from 'zod';
import type { ServiceDefinition } from '@turnbook/service-kit';
import { customerRoutes } from './customers/routes';
import { CustomerRepository, type CustomerDoc } from './customers/repository';
import { mergeRoutes } from './merge/routes';
import { purgeMerged } from './merge/purge-merged';
import { publicLookupRoutes } from './public-lookup/routes';
import { CustomerIndex } from './search/customer-index';
import { searchRoutes } from './search/routes';
import { applyStaffUpdate } from './staff-names/apply-staff-update';
import { StaffNameRepository } from './staff-names/repository';

declare module '@turnbook/service-kit' {
  interface RecordTypes {
    customer: CustomerDoc;
  }
}

const env = {
  /** 'off' answers every search from the database (to compare; slow on FerretDB). */
  CUSTOMER_SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  CUSTOMER_SEARCH_INDEX_MAX_STORES: z.coerce.number().int().positive().default(500),
};

/** How often merges a previous process left half-way are finished. */
const PURGE_EVERY_MS = 60_000;

/** Customers per store: create, read, edit, delete, search, merge, favourite staff, banned status. */
export const customersService: ServiceDefinition<typeof env> = {
  name: 'customers',
  env,
  async build({ db, bus, memberships, log, config }) {
    const customers = new CustomerRepository(db, bus, memberships);
    await customers.init();
    const staffNames = new StaffNameRepository(db);
    const index = config.CUSTOMER_SEARCH_INDEX === 'on' ? new CustomerIndex(customers, { maxStores: config.CUSTOMER_SEARCH_INDEX_MAX_STORES }) : undefined;

    await bus.consume('customers-staff-names', (env) => applyStaffUpdate({ staffNames }, env.data));

    await purgeMerged({ customers, log });
    const purger = setInterval(() => void purgeMerged({ customers, log }), PURGE_EVERY_MS);
    purger.unref();

    return {
      handlers: {
        ...customerRoutes({ customers, bus, staffNames }),
        ...searchRoutes({ index, customers, staffNames }),
        ...mergeRoutes({ customers, bus }),
        ...publicLookupRoutes({ customers }),
      },
      loaders: { customer: (id) => customers.findById(id) },
      onStop: async () => clearInterval(purger),
    };
  },
};
