import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { SCHEDULING_MESSAGES } from '@turnbook/contracts/errors/scheduling';
import { Alert, Button, Group, NumberInput, Stack, Text, Timeline } from '@mantine/core';
import { api, hasCode } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { DETAILS_MESSAGES, useHistory, useStaff } from './details-data';
import { checkInBody, checkInStaff } from '../front-desk/front-desk-rules';
import { StaffChoice } from '../front-desk/staff-choice';
import { checkoutSale, deleteChoices, suggestedSale, type DeleteChoice, type DetailsAccess } from './details-rules';
import { formatDollars } from '@turnbook/domain/money/money';

/** What an appointment write answers: the appointment, and the appointments it was put over, if any. */
export interface WriteAnswer {
  appointment: AppointmentView;
  overlaps?: { appointmentId: number; staffId: number; date: string; start: string; end: string }[];
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
const ONE_STAFF = SCHEDULING_MESSAGES.oneStaffForCheckIn;

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
      onDone(await api.patch('PATCH appointment/{id}', { note: a.note, sale: checkoutSale(typed, suggested) }, { id: a.id }));
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
          description={`Rounded to whole dollars. 0 takes the suggested sale, ${formatDollars(suggested)}.`}
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
 * Check in a walk-in through its sign-in sheet: the server puts the appointment ON with the staff member who
 * serves it, counts the visit and moves the turns. One staff member only: more is refused with the server's
 * own reason on screen before anything is sent.
 */
export function CheckInForm(props: { store: StoreView; sheetId: number; onDone: () => void; onBack: () => void }) {
  const staff = useStaff(props.store.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tooMany = chosen.length > 1;
  const working = checkInStaff(staff.data ?? []);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (chosen.length !== 1) {
      setFailure(chosen.length ? ONE_STAFF : DETAILS_MESSAGES.chooseStaff);
      return;
    }
    const who = working.filter((s) => String(s.id) === chosen[0]);
    setBusy(true);
    try {
      await api.patch('PATCH sheet/{id}', checkInBody({ checked: null, note: '' }, who, '', new Date(), props.store.timezone), { id: props.sheetId });
      props.onDone();
    } catch (err) {
      setFailure(hasCode(err, 'oneStaffForCheckIn') ? ONE_STAFF : errorText(err));
    } finally {
      setBusy(false);
    }
  };
  if (staff.isPending) return <LoadingState label="Loading staff…" />;
  if (staff.isError) return <ErrorState message={staff.error.message} onRetry={() => staff.refetch()} />;
  return (
    <form onSubmit={submit} noValidate aria-label="Check in">
      <Stack>
        <StaffChoice label="Who serves this walk-in?" staff={working} value={chosen} onChange={(v) => { setChosen(v); setFailure(null); }} avatarSize={24} />
        {(tooMany || failure) && (
          <Alert color="red" role="alert">
            {tooMany ? ONE_STAFF : failure}
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
