import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { SCHEDULING_MESSAGES } from '@turnbook/contracts/errors/scheduling';
import type { EmployeeView, ServiceView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { api, hasCode } from '@turnbook/web-kit';
import { useState } from 'react';
import { invalidateStore } from '../calendar-data/calendar-keys';
import { checkInBody, checkInProblem, checkInStaff, isServed, serviceIdsOf, staffIdsOf, type Sheet } from './front-desk-rules';
import { StaffChoice } from './staff-choice';
import { displayName } from '@turnbook/domain/text/names';

export interface CheckInModalProps {
  store: StoreView;
  date: string;
  sheet: Sheet;
  staff: readonly EmployeeView[];
  services: readonly ServiceView[];
  onClose: () => void;
}

const ONE_STAFF = SCHEDULING_MESSAGES.oneStaffForCheckIn;

/**
 * Checking a sign-in sheet in: who serves the customer (several only on Update), a note, 'Check In' or
 * 'Update'. The server puts the linked appointment ON with that staff member, counts the visit and moves the
 * staff member in the turns; this screen says why before sending when it would be refused.
 */
export default function CheckInModal({ store, date, sheet, staff, services, onClose }: CheckInModalProps) {
  const qc = useQueryClient();
  const served = isServed(sheet);
  const choices = checkInStaff(staff);
  const [chosen, setChosen] = useState<string[]>(() => staffIdsOf(sheet).filter((id) => choices.some((e) => String(e.id) === id)));
  const [note, setNote] = useState(sheet.note);
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = checkInProblem(sheet, chosen, ONE_STAFF);
  const shownProblem = problem === ONE_STAFF || tried ? problem : null;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem) return;
    setBusy(true);
    setFailure(null);
    try {
      const who = chosen.map((id) => choices.find((c) => String(c.id) === id)!).filter(Boolean);
      await api.patch('PATCH sheet/{id}', checkInBody(sheet, who, note.trim(), new Date(), store.timezone), { id: sheet.id });
      // Closed at once: waiting for the re-read showed the sheet turn to 'Update' inside a still-open modal.
      onClose();
      void invalidateStore(qc, store.id);
    } catch (err) {
      setFailure(hasCode(err, 'oneStaffForCheckIn') ? ONE_STAFF : err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const name = displayName(sheet.customer_name) || 'Customer';
  return (
    <Modal opened onClose={onClose} title={served ? `Update ${name}` : `Check in ${name}`} size="lg" centered>
      <form onSubmit={submit} noValidate aria-label={served ? 'Update check-in' : 'Check in'}>
        <Stack>
          {sheet.service_by_customer ? <Text size="sm">Services: {sheet.service_by_customer}</Text> : null}
          {sheet.staff_by_customer && !served ? <Text size="sm">Asked for: {sheet.staff_by_customer}</Text> : null}
          <SuggestNext store={store} date={date} asked={sheet.service_by_customer} services={services} onPick={(id) => setChosen(served ? [...new Set([...chosen, id])] : [id])} />
          <StaffChoice label="Staff" staff={choices} value={chosen} onChange={(v) => { setChosen(v); setFailure(null); }} />
          <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} maxLength={1000} />
          {(shownProblem || failure) && (
            <Alert color="red" role="alert">
              {shownProblem ?? failure}
            </Alert>
          )}
          <Group gap="xs">
            <Button type="submit" loading={busy} disabled={problem === ONE_STAFF}>
              {served ? 'Update' : 'Check In'}
            </Button>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type Suggestion = { staffId: number; name: string; reason: string };

/** 'Suggest next': who is next for this walk-in under the store's turn policy, asked for on a click. */
function SuggestNext(props: { store: StoreView; date: string; asked: string; services: readonly ServiceView[]; onPick: (staffId: string) => void }) {
  const [list, setList] = useState<Suggestion[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const serviceIds = serviceIdsOf(props.asked, props.services).join(',');
      const r = await api.get('GET suggestNextStaff/{storeId}/{date}', { storeId: props.store.id, date: props.date }, { query: { serviceIds: serviceIds || undefined } });
      setList(r.suggestions);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Group>
        <Button variant="light" size="xs" onClick={ask} loading={busy}>
          Suggest next
        </Button>
      </Group>
      {failure ? (
        <Text size="sm" c="red.9" role="alert">
          {failure}
        </Text>
      ) : null}
      {list ? (
        list.length ? (
          <List size="sm" aria-label="Suggested staff" type="ordered">
            {list.map((s) => (
              <List.Item key={s.staffId}>
                <Button variant="subtle" size="compact-sm" onClick={() => props.onPick(String(s.staffId))}>
                  {displayName(s.name)}
                </Button>{' '}
                <Text span size="xs" c="dimmed">
                  {s.reason}
                </Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">Nobody is free for these services now.</Text>
        )
      ) : null}
    </Stack>
  );
}
