import type { PublicStoreView } from '@turnbook/contracts/schemas/scheduling';
import { MESSAGES } from '@turnbook/contracts/errors/index';
import { hasCode, isApiError, tryAgainText } from '@turnbook/web-kit';
import { useState } from 'react';
import type { AccountValues } from '../account/account-schema';
import { registerCustomer } from '../account/register-customer';
import { searchTimes, sendRequest, type RequestDraft } from './request-calls';
import type { useBookingChoices } from './use-booking-choices';
import { isServiceRefusal, SERVICE_WITHDRAWN, type useTimeSearch } from './use-time-search';

type Choices = ReturnType<typeof useBookingChoices>;
type Search = ReturnType<typeof useTimeSearch>;

/**
 * Sends the request from the review in one call (the server finds or makes the store's customer record):
 * signed in, or as a guest whose account is made once (a retry after a failed step, a taken slot or a
 * throttled call reuses it, with the details the account was made with). A time taken meanwhile (409) goes back
 * to the times, read again; a service withdrawn meanwhile goes back to the choices, read again; a throttled
 * call (429) says when to try again and stays on the review.
 */
export function useSendRequest(store: PublicStoreView, choices: Choices, ts: Search, draft: RequestDraft, on: { sent: () => void; taken: () => void; servicesChanged: () => void }) {
  const [guest, setGuest] = useState<{ userId: number; person: AccountValues } | null>(null);

  const afterFailure = async (e: unknown) => {
    if (hasCode(e, 'slotTaken') || (isApiError(e) && e.status === 409)) {
      ts.setError((e as Error).message);
      on.taken();
      ts.setStart(null);
      try {
        ts.setTimes(await searchTimes(store.id, draft, { customerId: choices.customerId }));
      } catch {
        // The message above already asks for another time; the list stays as it was.
      }
      return;
    }
    if (isServiceRefusal(e)) {
      ts.setError(SERVICE_WITHDRAWN);
      on.servicesChanged();
      return;
    }
    if (hasCode(e, 'rateLimited')) {
      ts.setError(tryAgainText(MESSAGES.tooManyGuestRequests, e.retryAfter));
      return;
    }
    ts.setError(isApiError(e) ? e.message : 'Your request could not be sent. Please try again.');
  };

  const sendAs = async (values: AccountValues | null) => {
    const { start, times } = ts;
    if (!start || !times) return;
    ts.setBusy(true);
    ts.setError(null);
    try {
      const slot = { start, duration: times.duration };
      if (!values) {
        const me = choices.account!;
        await sendRequest(store, draft, slot, { userId: me.id, email: me.email, guest: false, person: me });
      } else {
        let who = guest;
        if (!who) {
          who = { userId: (await registerCustomer(values)).id, person: values };
          setGuest(who);
        }
        await sendRequest(store, draft, slot, { userId: who.userId, email: who.person.email.trim().toLowerCase(), guest: true, person: who.person });
      }
      on.sent();
    } catch (e) {
      await afterFailure(e);
    } finally {
      ts.setBusy(false);
    }
  };

  /** The person the request is sent for: the account made already, else the form's values. */
  const personFor = (values: AccountValues | null) => (guest ? guest.person : values);
  return { send: sendAs, personFor };
}
