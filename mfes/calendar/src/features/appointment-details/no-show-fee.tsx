import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { appointmentStartMillis } from '@turnbook/domain/card-on-file/card-on-file';
import { formatCents } from '@turnbook/domain/money/money';
import { api } from '@turnbook/web-kit';
import { calendarKeys } from '../calendar-data/calendar-keys';

type Charge = NonNullable<Awaited<ReturnType<typeof fetchCharge>>>;
const fetchCharge = async (storeId: number, id: number) => (await api.get('GET getNoShowFee/{appointmentId}', { appointmentId: id }, { query: { storeId } })).charge;

const chargeText = (c: Charge) =>
  c.status === 'succeeded' ? `No-show fee ${formatCents(c.amount)} charged to the card ending ${c.last4}.` : `No-show fee ${formatCents(c.amount)} declined: ${c.message}`;

/**
 * The owner's 'Charge no-show fee' on an appointment holding a card (docs/product/deposits.md): offered once
 * its start has passed and the store set a fee; the server charges once, so a second click answers the first.
 */
export function NoShowFee({ store, appointment: a, now = Date.now }: { store: { id: number; timezone: string }; appointment: AppointmentView; now?: () => number }) {
  const qc = useQueryClient();
  const key = [...calendarKeys.appointment(store.id, a.id), 'no-show-fee'];
  const policy = useQuery({ queryKey: [...calendarKeys.store(store.id), 'card-policy'], queryFn: () => api.get('GET public_getCardPolicy/{storeId}', { storeId: store.id }) });
  const charged = useQuery({ queryKey: key, queryFn: () => fetchCharge(store.id, a.id) });
  const charge = useMutation({
    mutationFn: async () => (await api.post('POST chargeNoShowFee/{appointmentId}', { storeId: store.id }, { appointmentId: a.id })).charge,
    onSuccess: (c) => qc.setQueryData(key, c),
  });
  const done = charge.data ?? charged.data;
  const started = now() >= appointmentStartMillis(a.date, a.start, store.timezone);
  const fee = policy.data?.noShowFee ?? 0;
  return (
    <Stack gap={6} aria-label="No-show fee">
      <Text size="sm">A card is on file for this appointment.</Text>
      {done && (
        <Alert color={done.status === 'succeeded' ? 'green' : 'red'} role="status">
          {chargeText(done)}
        </Alert>
      )}
      {charge.isError && <Alert color="red" role="alert">{charge.error.message}</Alert>}
      {!done && charged.isSuccess && policy.isSuccess && fee > 0 && started && (
        <Button color="red.9" variant="outline" loading={charge.isPending} disabled={charge.isPending} onClick={() => charge.mutate()}>
          Charge no-show fee ({formatCents(fee)})
        </Button>
      )}
      {!done && policy.isSuccess && fee > 0 && !started && <Text size="sm" c="dimmed">The no-show fee can be charged once the appointment has started.</Text>}
    </Stack>
  );
}
