import { Button, Group, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { SCHEDULING_MESSAGES } from '@turnbook/contracts/errors/scheduling';
import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { formatTime12, outsideHoursReason } from '@turnbook/domain';
import { api, isApiError, notify } from '@turnbook/web-kit';
import { calendarKeys, invalidateStore } from '../calendar-data/calendar-keys';
import type { MoveRequest } from '../day-grid/day-grid';
import { isRequest, type DayData } from '../day-grid/grid-model';

const hide = async (id: string) => (await import('@mantine/notifications')).notifications.hide(id);

/** The PATCH of a move: the new start (the server keeps the length) and, across columns, the staff. */
export function moveBody(a: Pick<AppointmentView, 'staffId'>, staffId: number, startMin: number) {
  return { start: formatTime12(startMin), ...(staffId !== a.staffId ? { staffId } : {}) };
}

/** The PATCH that puts it back: its old start, staff and status (a move onto staff made an online one ON). */
export function undoBody(before: Pick<AppointmentView, 'staffId' | 'start' | 'status'>, after: Pick<AppointmentView, 'staffId' | 'status'>) {
  return {
    start: before.start,
    ...(before.staffId !== after.staffId ? { staffId: before.staffId } : {}),
    ...(before.status !== after.status ? { status: before.status } : {}),
  };
}

/**
 * Why a move is refused before it is sent: a new time outside the store's hours that weekday (ruling 5), in
 * the server's words; null when it may go. A move to another column at the same time is not a new time.
 */
export function moveRefusal(a: Pick<AppointmentView, 'date' | 'startMin' | 'endMin'>, startMin: number, hours: StoreView['hours'] | undefined): string | null {
  if (!hours || startMin === a.startMin) return null;
  const reason = outsideHoursReason(hours, a.date, { startMin, endMin: startMin + (a.endMin - a.startMin) });
  return reason ? `${SCHEDULING_MESSAGES.outsideHours}: ${reason}.` : null;
}

/**
 * Dragging an appointment: PATCH appointment/{id}, the same overlap warning as the wizard when the answer
 * names one, and Undo in the notification. A request dropped on a staff column is not moved: it is approved
 * first (its details open). A drop outside the store's hours is refused in words, and nothing is sent.
 * Loaded at the first drop (use-move.ts).
 */
export async function moveAppointment(
  { qc, storeId, openDetails, hours }: { qc: QueryClient; storeId: number; openDetails: (id: number) => void; hours?: StoreView['hours'] },
  { appointment: a, staffId, startMin }: MoveRequest,
) {
  if (isRequest(a) && staffId !== a.staffId) {
    void notify({ color: 'yellow', title: 'Approve the request first', message: 'A request moves to a staff member once it is approved.' });
    openDetails(a.id);
    return;
  }
  const refused = moveRefusal(a, startMin, hours);
  if (refused) {
    void notify({ color: 'red', title: 'The appointment was not moved', message: refused });
    return;
  }
  const id = `move-${a.id}-${Date.now()}`;
  // Shown where it was dropped at once; the server's answer (and the refetch) confirms it.
  const length = a.endMin - a.startMin;
  const moved = { ...a, staffId, startMin, endMin: startMin + length, start: formatTime12(startMin), end: formatTime12(startMin + length) };
  qc.setQueryData<DayData>(calendarKeys.day(storeId, a.date), (d) =>
    d && {
      appointments: d.appointments.map((x) => (x.id === a.id ? moved : x)),
      appointmentsNull: d.appointmentsNull.map((x) => (x.id === a.id ? moved : x)),
      appointmentsCancel: d.appointmentsCancel,
      appointmentsOnline: d.appointmentsOnline.map((x) => (x.id === a.id ? moved : x)),
    },
  );
  try {
    const res = await api.patch('PATCH appointment/{id}', moveBody(a, staffId, startMin), { id: a.id });
    await invalidateStore(qc, storeId);
    const after = res.appointment;
    const undo = async () => {
      void hide(id);
      try {
        await api.patch('PATCH appointment/{id}', undoBody(a, after), { id: a.id });
        void notify({ color: 'teal', message: 'Move undone.' });
      } catch (e) {
        void notify({ color: 'red', title: 'Could not undo the move', message: isApiError(e) ? e.message : 'Please try again.' });
      } finally {
        await invalidateStore(qc, storeId);
      }
    };
    const overlaps = res.overlaps ?? [];
    void notify({
      id,
      color: overlaps.length ? 'yellow' : 'teal',
      // long enough to notice a wrong drop and undo it
      autoClose: 15_000,
      title: overlaps.length ? 'Moved over another appointment' : 'Appointment moved',
      message: (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="var(--mantine-color-text)">
            {after.start} - {after.end}
            {overlaps.length ? `; it overlaps ${overlaps.map((o) => `${o.start} - ${o.end}`).join(', ')} of the same staff member.` : ''}
          </Text>
          <Button size="xs" variant="light" onClick={() => void undo()}>Undo</Button>
        </Group>
      ),
    });
  } catch (e) {
    await invalidateStore(qc, storeId);
    void notify({ color: 'red', title: 'The appointment was not moved', message: isApiError(e) ? e.message : 'Please try again.' });
  }
}
