import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { PublicStoreView } from '@turnbook/contracts/schemas/scheduling';
import { MESSAGES } from '@turnbook/contracts/errors/index';
import { hasCode, isApiError, tryAgainText } from '@turnbook/web-kit';
import { FormProvider, useZodForm } from '@turnbook/web-kit/forms';
import { LoadingState, ErrorState } from '@turnbook/web-kit/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { AccountFields } from '../account/account-fields';
import { accountSchema, EMPTY_ACCOUNT, VERIFY_EMAIL_TEXT, type AccountValues } from '../account/account-schema';
import { registerCustomer } from '../account/register-customer';
import { bookingWindow, longDate } from './booking-window';
import { ANYONE } from './online-staff';
import { bookRequest, customerIdAt, searchTimes, type RequestDraft } from './request-calls';
import { RequestFields } from './request-fields';
import { TimeSlots } from './time-slots';
import { useBookingChoices } from './use-booking-choices';
import { useTimeSearch } from './use-time-search';

export const THANK_YOU = 'Thank you! Your request has been submitted. We will review and get back to you soon.';

type Step = 'choose' | 'times' | 'account' | 'thanks';
const TITLES: Record<Step, string> = { choose: 'Book an appointment', times: 'Choose a time', account: 'Your account', thanks: 'Request sent' };

/**
 * Book Now: choices, Search, a free time, then (logged out) the account made in the same flow, Submit and the
 * thank-you. Closing resets everything; Back goes back a page. A slot taken meanwhile (409) brings the
 * customer back to the times with the server's message and the times read again. A throttled call (429) says
 * when to try again and keeps the page as it is, for the same Submit then.
 */
export default function BookingModal({ store, onClose, onLogin }: { store: PublicStoreView; onClose: () => void; onLogin: () => void }) {
  const choices = useBookingChoices(store);
  const window = useMemo(() => bookingWindow(store.timezone), [store.timezone]);
  const [step, setStep] = useState<Step>('choose');
  const [draft, setDraft] = useState<RequestDraft>({ staffId: ANYONE, date: window.min, serviceIds: [], note: '' });
  const { problems, setProblems, times, setTimes, start, setStart, busy, setBusy, error, setError, search: searchDraft, next, takeNext } = useTimeSearch(store.id, window, store.hours);
  // A guest's account and store record are made once: a retry after a failed step (a taken slot, a throttled
  // call) reuses what was made, with the details the account was made with.
  const [guest, setGuest] = useState<{ userId: number; person: AccountValues; customerId?: number } | null>(null);
  const account = useZodForm(accountSchema, { defaultValues: EMPTY_ACCOUNT, mode: 'onTouched' });

  const search = async () => {
    if (await searchDraft(draft, { customerId: choices.customerId })) setStep('times');
  };

  const afterFailure = async (e: unknown) => {
    if (hasCode(e, 'slotTaken') || (isApiError(e) && e.status === 409)) {
      setError((e as Error).message);
      setStep('times');
      setStart(null);
      try {
        setTimes(await searchTimes(store.id, draft, { customerId: choices.customerId }));
      } catch {
        // The message above already asks for another time; the list stays as it was.
      }
      return;
    }
    if (hasCode(e, 'rateLimited')) {
      setError(tryAgainText(MESSAGES.tooManyGuestRequests, e.retryAfter));
      return;
    }
    setError(isApiError(e) ? e.message : 'Your request could not be sent. Please try again.');
  };

  const submitSignedIn = async () => {
    if (!start || !times || !choices.account) return;
    setBusy(true);
    setError(null);
    try {
      const me = choices.account;
      const customerId = choices.customerId ?? (await customerIdAt(store.id, me));
      await bookRequest(store, draft, { start, duration: times.duration }, { customerId, userId: me.id, email: me.email, guest: false });
      setStep('thanks');
    } catch (e) {
      await afterFailure(e);
    } finally {
      setBusy(false);
    }
  };

  const submitGuest = account.handleSubmit(async (values) => {
    if (!start || !times) return;
    setError(null);
    try {
      let who = guest;
      if (!who) {
        const user = await registerCustomer(values);
        who = { userId: user.id, person: values };
        setGuest(who);
      }
      let { customerId } = who;
      if (customerId === undefined) {
        customerId = await customerIdAt(store.id, who.person, who.userId);
        setGuest({ ...who, customerId });
      }
      await bookRequest(store, draft, { start, duration: times.duration }, { userId: who.userId, email: who.person.email.trim().toLowerCase(), customerId, guest: true });
      setStep('thanks');
    } catch (e) {
      await afterFailure(e);
    }
  });

  const back = () => {
    setError(null);
    setStep(step === 'account' ? 'times' : 'choose');
  };

  let body;
  if (choices.loading) body = <LoadingState label="Loading the store's services…" />;
  else if (choices.error) body = <ErrorState message="The store's services could not be loaded." onRetry={choices.retry} />;
  else if (step === 'choose')
    body = (
      <Stack>
        <RequestFields draft={draft} onChange={(d) => { setDraft(d); setProblems({}); }} staff={choices.staff} services={choices.services} window={window} problems={problems} hours={store.hours} />
        <Button onClick={() => void search()} loading={busy} disabled={choices.services.length === 0}>
          Search
        </Button>
      </Stack>
    );
  else if (step === 'times' && times)
    body = (
      <Stack>
        <TimeSlots
          slots={times.slots}
          chosen={start}
          onChoose={setStart}
          onTryAgain={back}
          dateLabel={longDate(draft.date)}
          next={next}
          onNextDay={() => {
            const date = takeNext();
            if (date) setDraft({ ...draft, date });
          }}
        />
        {times.slots.length > 0 &&
          (choices.signedIn ? (
            <Button onClick={() => void submitSignedIn()} loading={busy} disabled={!start}>
              Submit
            </Button>
          ) : (
            <Button onClick={() => setStep('account')} disabled={!start}>
              Next
            </Button>
          ))}
      </Stack>
    );
  else if (step === 'account')
    body = (
      <FormProvider {...account}>
        <form onSubmit={submitGuest} noValidate aria-label="Your account">
          <Stack>
            <Text size="sm">
              Create your account to send the request. Already have one?{' '}
              <Anchor component="button" type="button" onClick={onLogin}>
                Log in
              </Anchor>
            </Text>
            <AccountFields />
            <Button type="submit" loading={account.formState.isSubmitting}>
              Submit
            </Button>
          </Stack>
        </form>
      </FormProvider>
    );
  else
    body = (
      <Stack role="status">
        <Text fw={600}>{THANK_YOU}</Text>
        {choices.signedIn ? (
          <Anchor component={Link} to="/appointments">
            View appointments
          </Anchor>
        ) : (
          <Text>{VERIFY_EMAIL_TEXT}</Text>
        )}
        <Button variant="light" onClick={onClose}>
          Close
        </Button>
      </Stack>
    );

  return (
    <Modal opened onClose={onClose} title={TITLES[step]} size="lg">
      <Stack>
        {(step === 'times' || step === 'account') && (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={back}>
              <span aria-hidden>←&nbsp;</span>Back
            </Button>
          </Group>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {body}
      </Stack>
    </Modal>
  );
}
