import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CustomerAppointmentView } from '@turnbook/contracts/schemas/appointments';
import { api, hasCode, isApiError } from '@turnbook/web-kit';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useMemo, useState } from 'react';
import { bookingWindow } from '../booking-modal/booking-window';
import { ONLINE_COLUMN } from '@turnbook/domain/calendar-columns';
import { endOf, type RequestDraft } from '../booking-modal/request-calls';
import { RequestFields } from '../booking-modal/request-fields';
import { StickyActions } from '../booking-modal/sticky-actions';
import { TimesStep } from '../booking-modal/times-step';
import { offeredOnly, useBookingChoices } from '../booking-modal/use-booking-choices';
import { isServiceRefusal, SERVICE_WITHDRAWN, useTimeSearch } from '../booking-modal/use-time-search';
import { FormError } from '@turnbook/web-kit/forms';

/**
 * Modify: the booking choices filled in from the appointment (services editable; the day strip counts its own
 * time as free), Search, a time, Submit.
 * The request moves at once and waits for the store again (MODIFYING); its own time counts as free.
 */
export function ModifyFlow({ appointment: a, onBack, onDone, onClose }: { appointment: CustomerAppointmentView; onBack: () => void; onDone: () => void; onClose: () => void }) {
  const store = useQuery({
    queryKey: ['booking', 'store', a.permalink],
    queryFn: async () => (await api.get('GET public_getStoreByPermalink/{permalink}', { permalink: a.permalink })).stores[0] ?? null,
  });
  const zone = store.data?.timezone ?? 'America/New_York';
  const window = useMemo(() => bookingWindow(zone), [zone]);
  const choices = useBookingChoices({ id: a.storeId });
  // A service the store withdrew since: its list is read again and the choice drops it.
  const ts = useTimeSearch(a.storeId, window, store.data?.hours, choices.refreshServices);
  const { problems, setProblems, times, setTimes, start, busy, setBusy, error, setError, search: searchDraft } = ts;
  const [draft, setDraft] = useState<RequestDraft>({ staffId: a.staffId, date: a.date, serviceIds: a.services.map((s) => s.id), note: a.note });
  const [done, setDone] = useState(false);
  // A staff member who no longer takes online requests is no choice any more: the request asks for anyone.
  const staff = choices.staff;
  const offered = offeredOnly(draft, choices.services, choices.loading);
  const shown = staff.some((e) => e.id === offered.staffId) ? offered : { ...offered, staffId: ONLINE_COLUMN };

  const search = () => searchDraft(shown, { appointmentId: a.id, customerId: a.customerId });

  const submit = async () => {
    if (!start || !times) return;
    setBusy(true);
    setError(null);
    try {
      await api.post('POST public_updateAppointmentOnline', {
        id: a.id,
        staffId: shown.staffId,
        serviceIds: shown.serviceIds.join(','),
        date: draft.date,
        start,
        end: endOf(start, times.duration),
        note: draft.note.trim(),
        status: 'MODIFYING',
      });
      setDone(true);
      onDone();
    } catch (e) {
      if (isServiceRefusal(e)) {
        setError(SERVICE_WITHDRAWN);
        choices.refreshServices();
        setTimes(null);
        return;
      }
      setError(isApiError(e) ? e.message : 'Your change could not be sent. Please try again.');
      if (hasCode(e, 'slotTaken') || (isApiError(e) && e.status === 409)) await search();
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <Stack role="status">
        <Text fw={600}>Thank you!</Text>
        <Text>Your change was sent. The store will review it and get back to you soon.</Text>
        <Button onClick={onClose}>Close</Button>
      </Stack>
    );
  if (choices.loading || store.isPending) return <LoadingState label="Loading the store's services…" />;
  if (choices.error || store.isError) return <ErrorState message="The store's services could not be loaded." onRetry={choices.retry} />;
  return (
    <Stack>
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={times ? () => setTimes(null) : onBack}>
          <span aria-hidden>←&nbsp;</span>Back
        </Button>
      </Group>
      <FormError>{error}</FormError>
      {!times ? (
        <>
          <RequestFields storeId={a.storeId} ask={{ appointmentId: a.id, customerId: a.customerId }} draft={shown} onChange={(d) => { setDraft(d); setProblems({}); }} staff={staff} services={choices.services} window={window} problems={problems} hours={store.data?.hours} />
          <StickyActions>
            <Button onClick={() => void search()} loading={busy} fullWidth>
              Search
            </Button>
          </StickyActions>
        </>
      ) : (
        <TimesStep ts={ts} draft={draft} onDraft={setDraft} onTryAgain={() => setTimes(null)} onNext={() => void submit()} action="Submit" busy={busy} />
      )}
    </Stack>
  );
}
