import type { ServiceContext } from '@turnbook/service-kit';
import { CreateCustomer } from './customers/create-customer';
import { ManageCustomer } from './customers/manage-customer';
import { Present } from './customers/present';
import { CustomerRepository } from './customers/repository';
import { StoreAccess } from './customers/store-access';
import { MergeCustomers } from './merge/merge-customers';
import { PublicLookup } from './public-lookup/public-lookup';
import { CustomerIndex, type CustomerIndexOptions } from './search/customer-index';
import { SearchCustomers } from './search/search-customers';
import { StaffNames } from './staff-names/staff-names';

/** Everything the routes use, wired once per process. */
export interface Features {
  repo: CustomerRepository;
  index: CustomerIndex;
  stores: StoreAccess;
  staffNames: StaffNames;
  present: Present;
  create: CreateCustomer;
  manage: ManageCustomer;
  search: SearchCustomers;
  merge: MergeCustomers;
  lookup: PublicLookup;
}

export function wireFeatures(ctx: ServiceContext, indexOptions: CustomerIndexOptions): Features {
  const repo = new CustomerRepository(ctx.db, ctx.bus);
  const index = new CustomerIndex(repo, ctx.bus, ctx.log, indexOptions);
  const stores = new StoreAccess(ctx.memberships);
  const staffNames = new StaffNames(ctx.db);
  return {
    repo,
    index,
    stores,
    staffNames,
    present: new Present(staffNames),
    create: new CreateCustomer(repo, ctx.bus, stores, index),
    manage: new ManageCustomer(repo, ctx.bus, stores, index),
    search: new SearchCustomers(repo, index),
    merge: new MergeCustomers(repo, ctx.bus, index, ctx.log),
    lookup: new PublicLookup(repo, index, stores),
  };
}
