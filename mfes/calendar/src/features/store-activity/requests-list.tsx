import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { api, notify } from '@turnbook/web-kit';
import { confirm, EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { approveRequest } from '../calendar-data/approve-request';
import { invalidateStore } from '../calendar-data/calendar-keys';
import { longDate, messageOf, servicesOf, TEXT, useCustomerName, useOnlineRequests } from './activity-model';
import { SuggestTime } from './suggest-time';

interface Props {
  store: StoreView;
  onOpenAppointment: (id: number) => void;
}

/** The online requests waiting for the store, soonest first, each answered from here. */
export default function RequestsList({ store, onOpenAppointment }: Props) {
  const requests = useOnlineRequests(store.id, true);
  if (requests.isLoading) return <LoadingState />;
  if (requests.isError) return <ErrorState message={messageOf(requests.error)} />;
  const list = requests.data ?? [];
  if (!list.length) return <EmptyState>{TEXT.noRequest}</EmptyState>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Online requests">
      {list.map((a) => (
        <li key={a.id}>
          <RequestItem store={store} request={a} onOpen={() => onOpenAppointment(a.id)} />
        </li>
      ))}
    </Stack>
  );
}

function RequestItem({ store, request: a, onOpen }: { store: StoreView; request: AppointmentView; onOpen: () => void }) {
  const qc = useQueryClient();
  const [suggesting, setSuggesting] = useState(false);
  const cancelRequest = a.status === 'REQUEST CANCEL';
  const done = (text: string) => {
    void notify({ message: text });
    void invalidateStore(qc, store.id);
  };

  const approve = useMutation({
    mutationFn: async () => {
      return approveRequest(a);
    },
    onSuccess: (res) => res && done(cancelRequest ? 'Appointment kept' : 'Request approved'),
    onError: (err) => void notify({ color: 'red', message: messageOf(err) }),
  });
  const decline = useMutation({
    mutationFn: async () => {
      const go = await confirm(cancelRequest ? 'Accept the cancellation of this appointment?' : 'Decline this request?', { danger: true });
      return go ? api.get('GET cancelAppointment/{id}', { id: a.id }) : null;
    },
    onSuccess: (res) => res && done(cancelRequest ? 'Cancellation accepted' : 'Request declined'),
    onError: (err) => void notify({ color: 'red', message: messageOf(err) }),
  });
  const busy = approve.isPending || decline.isPending;
  const name = useCustomerName(a);

  return (
    <Card withBorder padding="sm" aria-label={`${name}, ${longDate(a.date)} ${a.start}`} data-testid={`request-${a.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{name}</Text>
          <Text size="sm">{servicesOf(a) || 'No services'}</Text>
          <Text size="sm">
            {longDate(a.date)}, {a.start} - {a.end}
          </Text>
          {a.suggested && <Text size="sm" c="dimmed">{TEXT.waitingForCustomer}</Text>}
        </Stack>
        <Badge color="yellow" variant="light" c="dark">{a.status}</Badge>
      </Group>
      <Group gap="xs" mt="sm">
        <Button size="xs" onClick={() => approve.mutate()} loading={approve.isPending} disabled={busy}>
          {cancelRequest ? 'Keep appointment' : 'Approve'}
        </Button>
        <Button size="xs" color="red" variant="light" onClick={() => decline.mutate()} loading={decline.isPending} disabled={busy}>
          {cancelRequest ? 'Accept cancellation' : 'Decline'}
        </Button>
        {!cancelRequest && (
          <Button size="xs" variant="default" onClick={() => setSuggesting((v) => !v)} disabled={busy} aria-expanded={suggesting}>
            {TEXT.suggest}
          </Button>
        )}
        <Button size="xs" variant="subtle" onClick={onOpen}>
          Open
        </Button>
      </Group>
      {suggesting && <SuggestTime store={store} request={a} onDone={() => setSuggesting(false)} />}
    </Card>
  );
}
