import '@mantine/dates/styles.css';
import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import type { AvailabilityResponse } from '@turnbook/contracts/schemas/appointments';
import type { EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { todayIn } from '@turnbook/domain';
import { api, isApiError, useSession } from '@turnbook/web-kit';
import { useState } from 'react';
import { bookableServices } from '@turnbook/domain/services/bookable';
import { staffDisplayName } from '@turnbook/domain/text/names';

const staffLabel = (e: Pick<EmployeeView, 'nickname' | 'fname'>) => staffDisplayName(e);

/**
 * Store Details' 'Book appointment': a date (MM-DD-YYYY), services and Search list the open start times.
 * The owner (and anyone without a staff column here) sees the store's availability, each time naming a free
 * staff member; staff who are not the owner see only their own.
 */
export default function BookAppointmentModal({ store, isOwner, onClose }: { store: { id: number; timezone: string }; isOwner: boolean; onClose: () => void }) {
  const userId = useSession((s) => s.user_id);
  const today = todayIn(store.timezone);
  const [date, setDate] = useState<string | null>(today);
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<AvailabilityResponse | null>(null);
  const [busy, setBusy] = useState(false);

  const services = useQuery({
    queryKey: ['stores', store.id, 'bookable-services'],
    queryFn: async () => bookableServices((await api.get('GET getServicesByStoreId/{storeId}', { storeId: store.id })).services),
  });
  const staff = useQuery({
    queryKey: ['stores', store.id, 'staff'],
    queryFn: async () => (await api.get('GET getStaffsByStoreId/{storeId}', { storeId: store.id })).employees,
  });
  const me = useQuery({
    queryKey: ['staff-self', userId, store.id],
    enabled: !isOwner && Boolean(userId),
    queryFn: async () => (await api.get('GET getStaffsByUserId/{userId}/{storeId}', { userId: Number(userId), storeId: store.id })).employees[0] ?? null,
  });
  const ownStaffId = !isOwner && me.data ? me.data.id : undefined;

  const search = async () => {
    setAnswer(null);
    if (!date) return setProblem('Please select a date');
    if (date < today) return setProblem('Appointment date must be a current or future date.');
    if (chosen.length === 0) return setProblem('Please add at least one service');
    setProblem(null);
    setBusy(true);
    try {
      setAnswer(
        await api.get('GET staffAvailability/{storeId}/{date}', { storeId: store.id, date }, { query: { serviceIds: chosen.join(','), staffId: ownStaffId } }),
      );
    } catch (e) {
      setProblem(isApiError(e) ? e.message : 'The times could not be read. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const nameOf = (id: number | null) => {
    const e = staff.data?.find((s) => s.id === id);
    return e ? staffLabel(e) : '';
  };
  const open = answer?.slots.filter((s) => s.free) ?? [];

  return (
    <Modal opened onClose={onClose} title="Book appointment" size="lg">
      <Stack>
        {!isOwner && me.data && (
          <Text size="sm" c="dimmed">
            Your availability ({staffLabel(me.data)})
          </Text>
        )}
        <DatePickerInput
          label="Date"
          valueFormat="MM-DD-YYYY"
          value={date}
          minDate={today}
          nextLabel="Next month"
          previousLabel="Previous month"
          onChange={(v) => {
            setDate(v);
            setAnswer(null);
          }}
        />
        <Checkbox.Group label="Services" value={chosen} onChange={(v) => { setChosen(v); setAnswer(null); }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {(services.data ?? []).map((s) => (
              <Checkbox key={s.id} value={String(s.id)} label={`${s.name} · ${s.duration} min`} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {services.isSuccess && services.data.length === 0 && <Text>Your store doesn't have a service</Text>}
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={() => void search()} loading={busy} disabled={!isOwner && me.isPending}>
            Search
          </Button>
        </Group>
        {answer && (
          <Stack gap="xs" aria-live="polite">
            <Text fw={600}>
              {open.length ? `${open.length} start times for ${answer.duration} min` : 'No start time is open on this date.'}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={6} component="ul" aria-label="Available start times" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {open.map((s) => (
                <li key={`${s.startMin}-${s.start}`}>
                  <Text span fw={600}>
                    {s.start}
                  </Text>
                  {ownStaffId === undefined && s.staffId !== null && (
                    <Text span size="sm" c="dimmed" tt="capitalize">
                      {' '}
                      {nameOf(s.staffId)}
                    </Text>
                  )}
                </li>
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
