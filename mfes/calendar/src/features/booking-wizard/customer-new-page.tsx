import { FormProvider } from '@turnbook/web-kit/forms';
import { ChosenCustomer } from './chosen-customer';
import { NewCustomer } from './new-customer';
import type { BookingWizardState } from './use-booking-wizard';
import { WizardFooter } from './wizard-footer';

/** Page 5 (and 9): a new customer's name and phone, with the customers already known by them. */
export function CustomerNewPage({ w }: { w: BookingWizardState }) {
  const { draft, dispatch } = w;
  const set = (patch: Partial<typeof draft>) => dispatch({ type: 'set', patch });
  return (
    <>
      <FormProvider {...w.form}>
        <ChosenCustomer customer={draft.customer} />
        <NewCustomer
          storeId={w.store.id}
          results={w.matches}
          selected={draft.customer}
          onSelect={(customer) => set({ customer, createAnyway: false })}
          createAnyway={draft.createAnyway}
          onCreateAnyway={(createAnyway) => set({ createAnyway, customer: createAnyway ? null : draft.customer })}
        />
      </FormProvider>
      <WizardFooter w={w} next={() => void w.leaveCustomerPage()} />
    </>
  );
}
