import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import type { SheetView } from '@turnbook/contracts/schemas/frontdesk';
import { Alert, Button, Checkbox, Group, NumberInput, Stack, Text, Timeline } from '@mantine/core';
import { api } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { DETAILS_MESSAGES, useHistory, useStaff } from './details-data';
import { checkoutSale, deleteChoices, suggestedSale, type DeleteChoice, type DetailsAccess } from './details-rules';

/** What an appointment write answers: the appointment, and the appointments it was put over, if any. */
export interface WriteAnswer {
  appointment: AppointmentView;
  overlaps?: { appointmentId: number; staffId: number; date: string; start: string; end: string }[];
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="default" onClick={onBack}>
      Back
    </Button>
  );
}

const CHOICE_LABELS: Record<DeleteChoice, string> = { cancel: 'Cancel', cancelAndText: 'Cancel and Text Customer', delete: 'Delete appointment' };

/** The delete modal: Cancel (soft), Cancel and Text Customer (a store setting), Delete appointment (managers: the hard delete). */
export function DeleteChoices(props: {
  appointment: AppointmentView;
  access: DetailsAccess;
  cancelAndText: boolean;
  busy: boolean;
  onChoose: (c: DeleteChoice) => void;
  onBack: () => void;
}) {
  const choices = deleteChoices(props.appointment, props.access, props.cancelAndText);
  return (
    <Stack>
      <Text>
        Cancel keeps the appointment on the calendar as CANCELED.{props.access.canDelete ? ' Delete appointment removes it for good.' : ''}
      </Text>
      <Group gap="xs">
        {choices.map((c) => (
          <Button key={c} color={c === 'delete' ? 'red.9' : undefined} variant={c === 'delete' ? 'filled' : 'outline'} disabled={props.busy} onClick={() => props.onChoose(c)}>
            {CHOICE_LABELS[c]}
          </Button>
        ))}
        <BackButton onBack={props.onBack} />
      </Group>
    </Stack>
  );
}

/** Check Out: the sale in whole dollars; 0 takes the suggested sale. The note goes with it, as the spec's check-out sends it. */
export function CheckoutForm({ appointment: a, onDone, onBack }: { appointment: AppointmentView; onDone: (r: WriteAnswer) => void; onBack: () => void }) {
  const suggested = suggestedSale(a.services.filter(Boolean));
  const [typed, setTyped] = useState<number | string>(a.sale && a.sale > 0 ? a.sale : 0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      onDone(await api.patch<WriteAnswer>('PATCH appointment/{id}', { note: a.note, sale: checkoutSale(typed, suggested) }, { id: a.id }));
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Check Out">
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <NumberInput
          label="Sale ($)"
          description={`Rounded to whole dollars. 0 takes the suggested sale, $${suggested.toFixed(2)}.`}
          min={0}
          max={100000}
          allowNegative={false}
          value={typed}
          onChange={setTyped}
        />
        <Group gap="xs">
          <Button type="submit" loading={busy}>
            Check Out
          </Button>
          <BackButton onBack={onBack} />
        </Group>
      </Stack>
    </form>
  );
}

/** History: the appointment's activity log, oldest first. */
export function HistoryList({ storeId, timezone, appointmentId, onBack }: { storeId: number; timezone: string; appointmentId: number; onBack: () => void }) {
  const logs = useHistory(storeId, appointmentId, true);
  return (
    <Stack>
      {logs.isPending ? (
        <LoadingState label="Loading the history…" />
      ) : logs.isError ? (
        <ErrorState message={logs.error.message} onRetry={() => logs.refetch()} />
      ) : !logs.data.length ? (
        <EmptyState />
      ) : (
        <Timeline bulletSize={14} lineWidth={2} aria-label="History">
          {logs.data.map((l) => (
            <Timeline.Item key={l.id} title={l.text}>
              <Text size="xs" c="dimmed">
                {DateTime.fromISO(l.created_at, { zone: timezone }).toFormat('MM/dd/yyyy h:mm a')}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <Group>
        <BackButton onBack={onBack} />
      </Group>
    </Stack>
  );
}

/**
 * Check in a walk-in: the appointment becomes ON with the staff member who serves it, and its sign-in sheet
 * (when the store's sheets can be read) is marked checked in. One staff member only: more is refused with
 * the reason on screen.
 */
export function CheckInForm(props: {
  store: StoreView;
  appointment: AppointmentView;
  sheet: SheetView | null;
  userId?: number;
  onDone: (r: WriteAnswer) => void;
  onBack: () => void;
}) {
  const staff = useStaff(props.store.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tooMany = chosen.length > 1;
  const working = (staff.data ?? []).filter((e) => !e.archived && e.role !== 'TBD' && e.role !== 'none');
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (chosen.length !== 1) {
      setFailure(chosen.length ? DETAILS_MESSAGES.oneStaffToCheckIn : DETAILS_MESSAGES.chooseStaff);
      return;
    }
    const who = working.find((s) => String(s.id) === chosen[0])!;
    setBusy(true);
    try {
      const res = await api.patch<WriteAnswer>('PATCH appointment/{id}', { staffId: who.id, status: 'ON', modifiedBy: props.userId }, { id: props.appointment.id });
      if (props.sheet) {
        const checked = DateTime.now().setZone(props.store.timezone).toFormat('hh:mm a').toLowerCase();
        await api.patch('PATCH sheet/{id}', { staffId: String(who.id), staff_fname: who.nickname || who.fname, checked }, { id: props.sheet.id });
      }
      props.onDone(res);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  if (staff.isPending) return <LoadingState label="Loading staff…" />;
  if (staff.isError) return <ErrorState message={staff.error.message} onRetry={() => staff.refetch()} />;
  return (
    <form onSubmit={submit} noValidate aria-label="Check in">
      <Stack>
        <Checkbox.Group label="Who serves this walk-in?" value={chosen} onChange={(v) => { setChosen(v); setFailure(null); }}>
          <Stack gap={6} mt="xs">
            {working.map((s) => (
              <Checkbox key={s.id} value={String(s.id)} label={s.nickname || s.fname} />
            ))}
          </Stack>
        </Checkbox.Group>
        {(tooMany || failure) && (
          <Alert color="red" role="alert">
            {tooMany ? DETAILS_MESSAGES.oneStaffToCheckIn : failure}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={busy} disabled={tooMany}>
            Check in
          </Button>
          <BackButton onBack={props.onBack} />
        </Group>
      </Stack>
    </form>
  );
}
