import { Stack } from '@mantine/core';
import { ChosenCustomer } from './chosen-customer';
import { CustomerSearch } from './customer-search';
import type { BookingWizardState } from './use-booking-wizard';
import { WizardFooter } from './wizard-footer';
import { PAGES } from './wizard-rules';

/** Page 4 (and 8): the customer searched by number, or by name, phone or email. */
export function CustomerSearchPage({ w }: { w: BookingWizardState }) {
  const { draft, dispatch } = w;
  const set = (patch: Partial<typeof draft>) => dispatch({ type: 'set', patch });
  // Search Customer shows Next only once a customer is selected; the group contact page explains instead.
  const next = w.state.page === PAGES.customerSearch && !draft.customer ? null : () => void w.leaveCustomerPage();
  return (
    <>
      <Stack>
        <ChosenCustomer customer={draft.customer} />
        <CustomerSearch
          storeId={w.store.id}
          selected={draft.customer}
          onSelect={(c) => set({ customer: c })}
          by={draft.searchBy}
          onByChange={(searchBy) => set({ searchBy, searchText: '' })}
          text={draft.searchText}
          onTextChange={(searchText) => set({ searchText })}
        />
      </Stack>
      <WizardFooter w={w} next={next} />
    </>
  );
}
