import { Alert, Button, Divider, Group, Modal, MultiSelect, NumberInput, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TurnPolicy } from '@turnbook/contracts/schemas/frontdesk';
import { api, apiRequest } from '@turnbook/web-kit';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { calendarKeys, invalidateStore } from '../calendar-data/calendar-keys';
import { useServices, useStaff } from '../calendar-data/queries';
import { checkInStaff, deskName } from './front-desk-rules';

const SWITCHES: { key: 'countAppointments' | 'countRequested' | 'skipBusy' | 'skipUnskilled'; label: string; description: string }[] = [
  { key: 'countAppointments', label: 'Appointments count as turns', description: 'A booked customer checked in moves the staff member down the list.' },
  { key: 'countRequested', label: 'Requested walk-ins count as turns', description: 'A walk-in who asked for a staff member moves them down the list.' },
  { key: 'skipBusy', label: 'Skip busy staff', description: "'Suggest next' passes over staff serving someone now." },
  { key: 'skipUnskilled', label: "Skip staff who don't do the service", description: "'Suggest next' passes over staff without the services asked for." },
];

/**
 * The owner's turn rules: how turns rotate and count, and which services each staff member does. The spec's
 * rule (check-in moves to the end, everything counts) is the default.
 */
export default function TurnRules({ storeId, onClose }: { storeId: number; onClose: () => void }) {
  const qc = useQueryClient();
  const policy = useQuery({ queryKey: calendarKeys.turnPolicy(storeId), queryFn: async () => (await api.get('GET getTurnPolicy/{storeId}', { storeId })).policy });
  const skills = useQuery({ queryKey: calendarKeys.staffSkills(storeId), queryFn: async () => (await api.get('GET getStaffSkills/{storeId}', { storeId })).skills });
  const staff = useStaff(storeId);
  const services = useServices(storeId);
  const [draft, setDraft] = useState<TurnPolicy | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (write: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setFailure(null);
    setSaved(null);
    try {
      await write();
      await invalidateStore(qc, storeId);
      setSaved(done);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  const failed = policy.error ?? skills.error ?? staff.error ?? services.error;
  if (failed) body = <ErrorState message={failed.message} onRetry={() => void Promise.all([policy.refetch(), skills.refetch(), staff.refetch(), services.refetch()])} />;
  else if (!policy.data || !skills.data || !staff.data || !services.data) body = <LoadingState label="Loading the turn rules…" />;
  else {
    const p = draft ?? policy.data;
    const set = (change: Partial<TurnPolicy>) => setDraft({ ...p, ...change });
    const serviceOptions = services.data.map((s) => ({ value: String(s.id), label: s.name }));
    const skillOf = new Map(skills.data.map((s) => [s.staffId, s.serviceIds.map(String)]));
    body = (
      <Stack>
        <Stack gap={4}>
          <Text fw={600} size="sm" id="rotation-label">
            Rotation
          </Text>
          <SegmentedControl
            aria-labelledby="rotation-label"
            value={p.rotation}
            onChange={(v) => set({ rotation: v as TurnPolicy['rotation'] })}
            data={[
              { value: 'spec', label: 'Check-in moves to the end' },
              { value: 'fair', label: 'Fewest turns first' },
            ]}
          />
        </Stack>
        <NumberInput
          label="Half turn below ($)"
          description="Services cheaper than this together make a half turn; two halves make one. Empty: every service is a full turn."
          min={0}
          decimalScale={2}
          value={p.halfTurnBelowCents === null ? '' : p.halfTurnBelowCents / 100}
          onChange={(v) => set({ halfTurnBelowCents: v === '' || Number(v) <= 0 ? null : Math.round(Number(v) * 100) })}
        />
        {SWITCHES.map((s) => (
          <Switch key={s.key} label={s.label} description={s.description} checked={p[s.key]} onChange={(e) => set({ [s.key]: e.currentTarget.checked })} />
        ))}
        <Group>
          <Button loading={busy} disabled={!draft} onClick={() => void run(() => apiRequest('PUT turnPolicy/{storeId}', { params: { storeId }, body: p }).then(() => setDraft(null)), 'The turn rules are saved.')}>
            Save rules
          </Button>
        </Group>
        <Divider label="Who does which services (empty: every service)" labelPosition="left" />
        {checkInStaff(staff.data).map((e) => (
          <SkillRow
            key={e.id}
            label={deskName(e)}
            options={serviceOptions}
            value={skillOf.get(e.id) ?? []}
            busy={busy}
            onSave={(ids) => void run(() => apiRequest('PUT staffSkills/{id}', { params: { id: e.id }, body: { serviceIds: ids.map(Number) } }), `${deskName(e)}'s services are saved.`)}
          />
        ))}
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        {saved ? (
          <Alert color="teal" role="status">
            {saved}
          </Alert>
        ) : null}
      </Stack>
    );
  }
  return (
    <Modal opened onClose={onClose} title="Turn rules" size="lg" centered>
      {body}
    </Modal>
  );
}

function SkillRow(props: { label: string; options: { value: string; label: string }[]; value: string[]; busy: boolean; onSave: (ids: string[]) => void }) {
  const [value, setValue] = useState(props.value);
  const changed = value.join() !== props.value.join();
  return (
    <Group align="flex-end" wrap="nowrap">
      <MultiSelect label={props.label} data={props.options} value={value} onChange={setValue} placeholder={value.length ? undefined : 'Every service'} style={{ flex: 1 }} searchable clearable />
      <Button variant="default" disabled={!changed || props.busy} onClick={() => props.onSave(value)}>
        Save
      </Button>
    </Group>
  );
}
