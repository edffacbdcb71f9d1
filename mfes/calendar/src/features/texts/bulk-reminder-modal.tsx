import type { BulkReminderResponse } from '@turnbook/contracts/schemas/messaging';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dayQuery } from '../calendar-data/queries';
import { invalidateStore } from '../calendar-data/calendar-keys';
import { allOfDay } from '../day-grid/grid-model';
import { sendBulkReminder, textFailure } from './texts-data';
import { customerName, outcomeLabel, remindable, TEXTS_MESSAGES } from './texts-rules';

export interface BulkReminderModalProps {
  store: StoreView;
  /** the day chosen first (YYYY-MM-DD) */
  initialDate: string;
  onClose: () => void;
}

/**
 * The owner's bulk reminder: choose a day, send, and see per appointment whether its reminder was sent,
 * skipped (no phone, already reminded, ...) or failed. The server reminds an appointment once ever, so a
 * second press answers 'already reminded' and texts nobody twice.
 */
export default function BulkReminderModal({ store, initialDate, onClose }: BulkReminderModalProps) {
  const qc = useQueryClient();
  const [date, setDate] = useState(initialDate);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const day = useQuery({ ...dayQuery(store.id, date), enabled: valid });
  const appointments = remindable(allOfDay(day.data));
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ date: string; res: BulkReminderResponse } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = answer?.date === date ? answer.res : null;
  const byId = new Map(appointments.map((a) => [a.id, a]));

  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setAnswer({ date, res: await sendBulkReminder(store.id, appointments.map((a) => a.id)) });
      void invalidateStore(qc, store.id);
    } catch (e) {
      setFailure(textFailure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Bulk SMS reminder" size="lg" centered>
      <Stack gap="sm">
        <Group align="flex-end" gap="xs">
          <TextInput type="date" label="Day" value={date} onChange={(e) => setDate(e.currentTarget.value)} />
          <Button onClick={() => void send()} loading={busy} disabled={!valid || day.isPending || appointments.length === 0}>
            Send reminders
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
        {valid && day.isPending ? (
          <Text>Loading ...</Text>
        ) : day.isError ? (
          <Alert color="red" role="alert">{day.error.message}</Alert>
        ) : appointments.length === 0 ? (
          <Text c="dimmed">{TEXTS_MESSAGES.noAppointments}</Text>
        ) : (
          <Text size="sm">{appointments.length} appointment{appointments.length === 1 ? '' : 's'} on this day.</Text>
        )}
        {failure && (
          <Alert color="red" role="alert" title="The reminders were not sent">
            {failure}
          </Alert>
        )}
        {shown && (
          <>
            <Text role="status" fw={600}>
              Sent {shown.sent.length} · skipped {shown.skipped.length} · failed {shown.failed.length}
            </Text>
            <Table aria-label="Reminders" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Reminder</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.results.map((r) => {
                  const a = byId.get(r.appointmentId);
                  return (
                    <Table.Tr key={r.appointmentId} data-outcome={r.outcome}>
                      <Table.Td>{a?.start ?? '—'}</Table.Td>
                      <Table.Td>{a ? customerName(a) : `Appointment ${r.appointmentId}`}</Table.Td>
                      <Table.Td>{outcomeLabel(r)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Modal>
  );
}
