import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { PublicStoreView } from '@turnbook/contracts/schemas/scheduling';
import { LoadingState, ErrorState } from '@turnbook/web-kit/ui';
import { useMemo, useState } from 'react';
import type { SavedCard } from '@turnbook/web-kit/card';
import { EMPTY_ACCOUNT, type AccountValues } from '../account/account-schema';
import { AccountStep } from './account-step';
import { bookingSummary } from './booking-summary';
import { bookingWindow } from './booking-window';
import { ONLINE_COLUMN } from '@turnbook/domain/calendar-columns';
import type { RequestDraft } from './request-calls';
import { ReviewStep } from './review-step';
import { useCardPolicy } from './card-policy';
import { ThanksStep } from './thanks-step';
import { TimesStep } from './times-step';
import { RequestFields } from './request-fields';
import { StickyActions } from './sticky-actions';
import { offeredOnly, useBookingChoices } from './use-booking-choices';
import { useSendRequest } from './use-send-request';
import { useTimeSearch } from './use-time-search';

export { THANK_YOU } from './thanks-step';

type Step = 'choose' | 'times' | 'account' | 'review' | 'thanks';
const TITLES: Record<Step, string> = { choose: 'Book an appointment', times: 'Choose a time', account: 'Your account', review: 'Review your request', thanks: 'Request sent' };

/**
 * Book Now: services, staff and a day (the strip says which have times), Search, a time (by part of the
 * day), then (logged out) the account made in the same flow, the review with everything the request
 * carries, Submit and the thank-you repeating it. Closing resets everything; Back goes back a page.
 */
export default function BookingModal({ store, onClose, onLogin, serviceIds = [] }: { store: PublicStoreView; onClose: () => void; onLogin: () => void; serviceIds?: number[] }) {
  const choices = useBookingChoices(store);
  const window = useMemo(() => bookingWindow(store.timezone), [store.timezone]);
  const [step, setStep] = useState<Step>('choose');
  const [chosen, setDraft] = useState<RequestDraft>({ staffId: ONLINE_COLUMN, date: window.min, serviceIds, note: '' });
  // The choice keeps only services the store still offers (one withdrawn while the page was open drops out).
  const draft = offeredOnly(chosen, choices.services, choices.loading);
  const [values, setValues] = useState<AccountValues | null>(null);
  // A service refused as withdrawn: the list is read again (the choice above then drops it).
  const servicesChanged = () => {
    choices.refreshServices();
    setStep('choose');
  };
  const ts = useTimeSearch(store.id, window, store.hours, servicesChanged);
  const cardPolicy = useCardPolicy(store.id);
  const [card, setCard] = useState<SavedCard | null>(null);
  const sender = useSendRequest(store, choices, ts, { ...draft, cardOnFile: card?.id }, { sent: () => setStep('thanks'), taken: () => setStep('times'), servicesChanged });
  const person = choices.signedIn ? choices.account : sender.personFor(values);
  const rows = ts.start && ts.times ? bookingSummary({ draft, services: choices.services, staff: choices.staff, start: ts.start, duration: ts.times.duration, person }) : [];

  const search = async () => {
    if (await ts.search(draft, { customerId: choices.customerId })) setStep('times');
  };
  const back = () => {
    ts.setError(null);
    setStep(step === 'review' ? (choices.signedIn ? 'times' : 'account') : step === 'account' ? 'times' : 'choose');
  };

  let body;
  if (choices.loading) body = <LoadingState label="Loading the store's services…" />;
  else if (choices.error) body = <ErrorState message="The store's services could not be loaded." onRetry={choices.retry} />;
  else if (step === 'choose')
    body = (
      <Stack>
        <RequestFields storeId={store.id} draft={draft} onChange={(d) => { setDraft(d); ts.setProblems({}); }} staff={choices.staff} services={choices.services} window={window} problems={ts.problems} hours={store.hours} ask={{ customerId: choices.customerId }} />
        <StickyActions>
          <Button onClick={() => void search()} loading={ts.busy} disabled={choices.services.length === 0} fullWidth>
            Search
          </Button>
        </StickyActions>
      </Stack>
    );
  else if (step === 'times' && ts.times) body = <TimesStep ts={ts} draft={draft} onDraft={setDraft} onTryAgain={back} onNext={() => setStep(choices.signedIn ? 'review' : 'account')} />;
  else if (step === 'account') body = <AccountStep values={values ?? EMPTY_ACCOUNT} onNext={(v) => { setValues(v); setStep('review'); }} onLogin={onLogin} />;
  else if (step === 'review') body = <ReviewStep storeId={store.id} cardPolicy={cardPolicy} rows={rows} busy={ts.busy} card={card} onCard={setCard} onSubmit={() => void sender.send(choices.signedIn ? null : values)} />;
  else body = <ThanksStep rows={rows} signedIn={choices.signedIn} onClose={onClose} />;

  return (
    <Modal opened onClose={onClose} title={TITLES[step]} size="lg">
      <Stack>
        {(step === 'times' || step === 'account' || step === 'review') && (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={back}>
              <span aria-hidden>←&nbsp;</span>Back
            </Button>
          </Group>
        )}
        {ts.error && (
          <Alert color="red" role="alert">
            {ts.error}
          </Alert>
        )}
        {body}
      </Stack>
    </Modal>
  );
}
