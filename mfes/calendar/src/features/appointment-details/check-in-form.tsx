import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { SCHEDULING_MESSAGES } from '@turnbook/contracts/errors/scheduling';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { api, hasCode } from '@turnbook/web-kit';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { checkInBody, checkInStaff } from '../front-desk/front-desk-rules';
import { StaffChoice } from '../front-desk/staff-choice';
import { BackButton } from './back-button';
import { DETAILS_MESSAGES, errorText, useStaff } from './details-data';

const ONE_STAFF = SCHEDULING_MESSAGES.oneStaffForCheckIn;

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
