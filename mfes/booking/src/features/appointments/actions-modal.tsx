import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CustomerAppointmentView } from '@turnbook/contracts/schemas/appointments';
import { api, isApiError } from '@turnbook/web-kit';
import { useState } from 'react';
import { longDate } from '../booking-modal/booking-window';
import { ModifyFlow } from './modify-flow';
import { FormError } from '@turnbook/web-kit/forms';

const CANCELLED = 'Your appointment was cancelled.';
const CANCEL_SENT = 'Your cancellation was sent. Your time slot is freed, and the store will confirm the cancellation.';

export const FREES_SLOT_NOTE = 'Cancelling or rearranging your appointment frees its original time slot for other customers.';
export const CANCEL_QUESTION = 'Do you want to cancel this appointment?';

/** What a cancel does, said before it is done: an approved one waits for the store, a request is simply gone (rulings 7). */
const cancelOutcome = (status: CustomerAppointmentView['status']) =>
  status === 'APPROVED' || status === 'ON'
    ? 'Its time slot is freed at once, and the store will confirm the cancellation. This cannot be undone.'
    : 'Your request is cancelled at once. This cannot be undone.';

/**
 * The ellipsis' modal: Modify (a booking-style flow) or Cancel appointment, with the note that either frees the
 * slot. When the store suggested a new time, it is offered first: Accept it (APPROVED) or Decline (a cancel).
 * Every cancel (Cancel appointment or Decline) asks first: one mis-tap would free the slot for good.
 */
export default function ActionsModal({ appointment, onClose, onChanged }: { appointment: CustomerAppointmentView; onClose: () => void; onChanged: () => void }) {
  const [mode, setMode] = useState<'choose' | 'modify' | 'confirmCancel' | 'cancelled' | 'cancelPending' | 'accepted'>('choose');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      const { appointment: after } = await api.get('GET cancelOnlineAppointment/{id}', { id: appointment.id });
      // An approved appointment is not gone yet: the store accepts the cancellation (rulings 7).
      setMode(after.status === 'REQUEST CANCEL' ? 'cancelPending' : 'cancelled');
      onChanged();
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The appointment could not be cancelled. Please try again.');
      setMode('choose');
    } finally {
      setBusy(false);
    }
  };

  const accept = async () => {
    setBusy(true);
    setError(null);
    const { id, staffId, serviceIds, date, start, end } = appointment;
    try {
      await api.post('POST public_updateAppointmentOnline', { id, staffId, serviceIds, date, start, end, status: 'APPROVED' });
      setMode('accepted');
      onChanged();
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The new time could not be accepted. Please try again.');
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  const when = `${longDate(appointment.date)}, ${appointment.start} - ${appointment.end}`;

  return (
    <Modal opened onClose={onClose} title={mode === 'modify' ? 'Modify appointment' : 'Appointment'} size="lg">
      {mode === 'modify' ? (
        <ModifyFlow appointment={appointment} onBack={() => setMode('choose')} onDone={onChanged} onClose={onClose} />
      ) : mode === 'cancelled' || mode === 'cancelPending' ? (
        <Stack role="status">
          <Text fw={600}>{mode === 'cancelled' ? CANCELLED : CANCEL_SENT}</Text>
          <Button onClick={onClose}>Close</Button>
        </Stack>
      ) : mode === 'confirmCancel' ? (
        <Stack>
          <Text fw={600}>{CANCEL_QUESTION}</Text>
          <Text>{when}</Text>
          <Text>{cancelOutcome(appointment.status)}</Text>
          {/* one above the other on a phone: side by side, both labels were cut */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Button variant="outline" disabled={busy} onClick={() => setMode('choose')}>
              Keep appointment
            </Button>
            <Button color="red.9" loading={busy} onClick={() => void cancel()}>
              Cancel appointment
            </Button>
          </SimpleGrid>
        </Stack>
      ) : mode === 'accepted' ? (
        <Stack role="status">
          <Text fw={600}>Your appointment is confirmed for {when}.</Text>
          <Button onClick={onClose}>Close</Button>
        </Stack>
      ) : (
        <Stack>
          {appointment.suggested && (
            <Stack gap="xs">
              <Text fw={600}>The store suggested a new time: {when}.</Text>
              {/* one above the other on a phone, as Modify and Cancel appointment below (labels were cut at 390 px) */}
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                <Button loading={busy} onClick={() => void accept()}>
                  Accept new time
                </Button>
                <Button color="red.9" variant="outline" disabled={busy} onClick={() => setMode('confirmCancel')}>
                  Decline
                </Button>
              </SimpleGrid>
            </Stack>
          )}
          <Text>{FREES_SLOT_NOTE}</Text>
          <FormError>{error}</FormError>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Button onClick={() => setMode('modify')}>Modify</Button>
            <Button color="red.9" variant="outline" disabled={busy} onClick={() => setMode('confirmCancel')}>
              Cancel appointment
            </Button>
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
