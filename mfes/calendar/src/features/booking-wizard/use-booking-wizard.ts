import { useQueryClient } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { useZodForm, useWatch } from '@turnbook/web-kit/forms';
import { useEffect, useReducer, useState } from 'react';
import { saveBooking, saveFailure, type Written } from './book-calls';
import { useNameAndPhoneSearch } from './customer-pick';
import type { BookingWizardProps, WizardStart } from './props';
import { NewCustomerForm } from './new-customer-form';
import { useWizardData } from './wizard-data';
import {
  appointmentBodies,
  customerPageOutcome,
  needsCardForGroup,
  newCustomerBody,
  openingState,
  peopleOf,
  resizeSelections,
  WIZARD_MESSAGES,
  wizardReducer,
} from './wizard-rules';

/** Everything the wizard's pages share: the reducer's state, the new customer's form, the reads, Finish. */
export type BookingWizardState = ReturnType<typeof useBookingWizard>;

export function useBookingWizard({ store, start, onClose }: BookingWizardProps & { start: WizardStart }) {
  const qc = useQueryClient();
  const access = useStoreAccess(store.id);
  // A rebook already knows its customer and services: it opens on the staff page, Back still walks the way.
  // What the quick booking carried opens where it stopped: the customer found, or the new customer typed.
  const [state, dispatch] = useReducer(wizardReducer, start, openingState);
  const { draft } = state;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ written: Written[] } | null>(null);
  const form = useZodForm(NewCustomerForm, { defaultValues: { fname: '', lname: '', phone: '', ...start.carried?.newCustomer } });
  const [fname = '', lname = '', phone = ''] = useWatch({ control: form.control, name: ['fname', 'lname', 'phone'] });
  // Typing in the new customer's form clears the page's message, as any other change does.
  useEffect(() => dispatch({ type: 'problem', problem: null }), [fname, lname, phone]);
  const matches = useNameAndPhoneSearch(store.id, fname, lname, phone);
  const data = useWizardData(store, state);
  const people = peopleOf(draft);

  const reset = () => {
    dispatch({ type: 'reset', date: start.date });
    form.reset({ fname: '', lname: '', phone: '' });
  };

  /** Leaving a customer page: an existing customer, or a new one from the form. */
  const leaveCustomerPage = async () => {
    const outcome = customerPageOutcome(state.page, draft, matches.length);
    if (outcome === 'existing') return dispatch({ type: 'customerDone', isNew: false });
    if (outcome !== 'validate') return dispatch({ type: 'problem', problem: outcome.problem });
    const ok = await form.trigger();
    if (!ok) return dispatch({ type: 'problem', problem: null });
    dispatch({ type: 'customerDone', isNew: true });
  };

  const finish = async () => {
    if (!draft.start || draft.staffId === null) return;
    if (needsCardForGroup(people) && !draft.card) return dispatch({ type: 'problem', problem: WIZARD_MESSAGES.groupCard });
    setBusy(true);
    dispatch({ type: 'problem', problem: null });
    try {
      let customerId = draft.customer?.id ?? 0;
      if (draft.isNew) {
        const values = form.getValues();
        const created = await api.post('POST customer', newCustomerBody(store.id, { fname: values.fname ?? '', lname: values.lname ?? '', phone: values.phone ?? '' }));
        customerId = created.customer.id;
        // A retry after a failed appointment must not create the customer twice.
        dispatch({ type: 'set', patch: { isNew: false, customer: { id: customerId, fname: values.fname ?? '', lname: values.lname ?? '', phone: values.phone ?? '' } } });
      }
      const bodies = appointmentBodies(
        { storeId: store.id, staffId: draft.staffId, customerId, selections: resizeSelections(draft.selections, people), date: draft.date, start: draft.start, note: draft.note, rebookOf: draft.rebookOf, cardOnFile: draft.card?.id },
        data.allServices,
        store.timezone,
      );
      const overlapped = await saveBooking(qc, store.id, bodies, draft.sendConfirmation);
      if (overlapped) setDone({ written: overlapped });
      else onClose();
    } catch (e) {
      dispatch({ type: 'problem', problem: saveFailure(e) });
    } finally {
      setBusy(false);
    }
  };

  return { store, access, state, draft, dispatch, people, form, typed: { fname, lname, phone }, matches, data, busy, done, reset, leaveCustomerPage, finish, onClose };
}
