import { ActionIcon } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { Hint } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStaffList } from '../staff/model';
import { Allowed, PeoplePage, PlusIcon } from '../staff/ui';
import { CustomerResults } from './customer-results';
import { CustomerSearchCard, type SearchFields } from './customer-search-card';
import type { Customer } from './model';
import { useCustomerMerge } from './use-customer-merge';
import { isEmptySearch, useCustomerSearch } from './use-customer-search';

// The details modal (and Mantine's Modal with it) loads when a customer is opened, not with the list.
const CustomerDetailsModal = lazy(() => import(/* webpackChunkName: "customer-details-modal" */ './customer-details-modal'));

/** /customers: search, list, details modal and the owner's merge mode (docs/product/README.md, docs/product/statuses.md, docs/product/validation.md). */
export function CustomersScreen() {
  const access = useStoreAccess();
  const staff = useStaffList(access.storeId);
  const [fields, setFields] = useState<SearchFields>({ fname: '', lname: '', phone: '' });
  const [typed] = useDebouncedValue(JSON.stringify([fields.fname, fields.lname, fields.phone]), 500);
  const [f, l, p] = JSON.parse(typed) as [string, string, string];
  const empty = isEmptySearch(f, l, p);
  const search = useCustomerSearch(access.storeId, f, l, p);
  const [details, setDetails] = useState<Customer | null>(null);
  // 002 §5: with all three fields empty the list is cleared; the page opens that way (a store of 100,000
  // customers is no list to scroll), and the server answers searches a page of 50 at a time.
  const results: Customer[] | undefined = empty ? [] : search.data?.customers;
  const merge = useCustomerMerge(results);

  return (
    <PeoplePage
      title="Customers"
      size="lg"
      actions={
        <Hint label="Add customer">
          <ActionIcon component={Link} to="/customers/create" variant="filled" size="lg" aria-label="Add customer">
            <PlusIcon />
          </ActionIcon>
        </Hint>
      }
    >
      <CustomerSearchCard fields={fields} onChange={setFields} isOwner={access.isOwner} merge={merge} />
      <CustomerResults search={search} empty={empty} results={results} staff={staff.data} merge={merge} onDetails={setDetails} />
      {details && (
        <Suspense fallback={null}>
          <CustomerDetailsModal customer={details} staff={staff.data} onClose={() => setDetails(null)} />
        </Suspense>
      )}
    </PeoplePage>
  );
}

/** Limited staff are sent to /stores/ (docs/product/roles.md). */
export default function CustomersPage() {
  return (
    <Allowed rule="storeNotLimited" redirect="/stores/">
      <CustomersScreen />
    </Allowed>
  );
}
