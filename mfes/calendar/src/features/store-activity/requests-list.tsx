import { Badge, Button, Card, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { ONLINE_COLUMN } from '@turnbook/domain/calendar-columns';
import { api, isApiError, notify } from '@turnbook/web-kit';
import { confirm, EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { approveRequest } from '../calendar-data/approve-request';
import { calendarKeys, invalidateStore } from '../calendar-data/calendar-keys';
import { longDate, servicesOf, TEXT, useCustomerName, useOnlineRequests } from './activity-model';

interface Props {
  store: StoreView;
  onOpenAppointment: (id: number) => void;
}

const messageOf = (err: unknown) => (isApiError(err) ? err.message : 'Something went wrong. Please try again.');

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

/**
 * The starts the engine offers this request on a date: the staff booking question the server asks of a
 * suggestion (its staff member, or anyone on the Online column; its own time not counted as busy), free
 * slots only, since the server takes nothing else.
 */
function useOfferedStarts(storeId: number, a: AppointmentView, date: string) {
  return useQuery({
    queryKey: [...calendarKeys.store(storeId), 'suggest', a.id, date],
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    queryFn: async () => {
      const res = await api.get('GET staffAvailability/{storeId}/{date}', { storeId, date }, {
        query: { serviceIds: a.serviceIds, staffId: a.staffId === ONLINE_COLUMN ? undefined : a.staffId, appointmentId: a.id },
      });
      return res.slots.filter((s) => s.free).map((s) => s.start);
    },
  });
}

/** Another time for the request: it moves there as MODIFYING and waits for the customer (docs/decisions.md). */
function SuggestTime({ store, request: a, onDone }: { store: StoreView; request: AppointmentView; onDone: () => void }) {
  const qc = useQueryClient();
  const [date, setDate] = useState(a.date);
  const [picked, setPicked] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const offered = useOfferedStarts(store.id, a, date);
  const starts = offered.data ?? [];
  // The request's own time when it is offered, else the first time offered.
  const start = picked !== null && starts.includes(picked) ? picked : starts.includes(a.start) ? a.start : (starts[0] ?? '');
  const send = useMutation({
    mutationFn: () => api.post('POST suggestAppointmentTime/{id}', { date, start }, { id: a.id }),
    onSuccess: () => {
      void notify({ message: 'New time sent to the customer' });
      void invalidateStore(qc, store.id);
      onDone();
    },
    onError: (err) => {
      setProblem({ field: isApiError(err) ? err.field : undefined, message: messageOf(err) });
      // a time just taken leaves the list
      void offered.refetch();
    },
  });
  const dateError = problem && (problem.field === 'date' || !problem.field) ? problem.message : undefined;
  const noTime = offered.isSuccess && starts.length === 0 ? 'No time is open for this request on this date. Choose another date.' : undefined;
  const startError = (problem && (problem.field === 'start' || problem.field === 'staffId') ? problem.message : undefined) ?? noTime ?? (offered.isError ? messageOf(offered.error) : undefined);
  return (
    <Stack gap="xs" mt="sm" component="form" onSubmit={(e) => { e.preventDefault(); setProblem(null); send.mutate(); }}>
      <Group grow align="flex-start">
        <TextInput type="date" label="New date" value={date} onChange={(e) => { setDate(e.currentTarget.value); setProblem(null); }} error={dateError} required />
        <NativeSelect
          label="New start"
          data={offered.isPending ? ['Loading …'] : starts}
          value={start}
          disabled={offered.isPending || starts.length === 0}
          onChange={(e) => { setPicked(e.currentTarget.value); setProblem(null); }}
          error={startError}
          required
        />
      </Group>
      <Group gap="xs">
        <Button type="submit" size="xs" loading={send.isPending} disabled={!start}>Send new time</Button>
        <Button size="xs" variant="subtle" onClick={onDone}>Cancel</Button>
      </Group>
    </Stack>
  );
}
