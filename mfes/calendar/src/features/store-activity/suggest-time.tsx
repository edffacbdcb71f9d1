import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { ONLINE_COLUMN } from '@turnbook/domain/calendar-columns';
import { api, isApiError, notify } from '@turnbook/web-kit';
import { useState } from 'react';
import { calendarKeys, invalidateStore } from '../calendar-data/calendar-keys';
import { messageOf } from './activity-model';

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
export function SuggestTime({ store, request: a, onDone }: { store: StoreView; request: AppointmentView; onDone: () => void }) {
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
