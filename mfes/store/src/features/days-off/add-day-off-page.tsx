import '@mantine/dates/styles.css';
import { Button, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { alert, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { staffName, useEmployee } from '../staff/model';
import { Allowed, PeoplePage } from '../staff/ui';
import { TimeFields } from './day-off-form';
import { daysBetween, dayOffProblem, ptoKey, today } from './days-off-model';

type Mode = 'range' | 'multiple';

function AddForm() {
  const { id } = useParams();
  const access = useStoreAccess();
  const employee = useEmployee(id);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [multi, setMulti] = useState(false);
  const [mode, setMode] = useState<Mode>('range');
  const [single, setSingle] = useState<string | null>(null);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [several, setSeveral] = useState<string[]>([]);
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!id || !/^\d+$/.test(id)) return <Navigate to="/staffs" replace />;
  if (employee.isPending) return <LoadingState />;
  if (employee.isError) return <ErrorState message={employee.error.message} onRetry={() => employee.refetch()} />;
  const e = employee.data;
  if (!e || e.storeId !== access.storeId) return <Navigate to="/staffs" replace />;

  const dates = !multi
    ? single
      ? [single]
      : []
    : mode === 'range'
      ? range[0]
        ? daysBetween(range[0], range[1] ?? range[0])
        : []
      : [...several].sort();

  const submit = async () => {
    const problem = dayOffProblem({ dates, start, end, today: today() });
    if (problem) {
      await alert('Days off', problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // One appointment per day (docs/product/statuses.md: multiple days → one POST each).
      for (const date of dates)
        await api.post('POST appointment', {
          storeId: e.storeId,
          staffId: e.id,
          customerId: 0,
          serviceIds: '0',
          date,
          // dayOffProblem has refused a missing time; the server names one left out.
          start: start ?? undefined,
          end: end ?? undefined,
          note: note.trim() || 'OFF',
          createdBy: access.userId,
          modifiedBy: access.userId,
        });
      await qc.invalidateQueries({ queryKey: ptoKey(e.id) });
      navigate(`/staff-pto/${e.id}`);
    } catch (err) {
      setError((err as Error).message);
      await qc.invalidateQueries({ queryKey: ptoKey(e.id) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack>
        <Title order={2} size="h4">
          {staffName(e)}
        </Title>
        <Switch label="Multiple days" checked={multi} onChange={(ev) => setMulti(ev.currentTarget.checked)} size="md" />
        {!multi ? (
          <DatePickerInput label="Date" placeholder="Pick a date" value={single} onChange={setSingle} valueFormat="MM-DD-YYYY" minDate={today()} clearable />
        ) : (
          <Stack gap="xs">
            <SegmentedControl
              aria-label="How to choose the days"
              value={mode}
              onChange={(v) => setMode(v as Mode)}
              data={[
                { value: 'range', label: 'Date range' },
                { value: 'multiple', label: 'Several dates' },
              ]}
            />
            {mode === 'range' ? (
              <DatePickerInput type="range" label="Dates" placeholder="Pick the first and last day" value={range} onChange={setRange} valueFormat="MM-DD-YYYY" minDate={today()} allowSingleDateInRange clearable />
            ) : (
              <DatePickerInput type="multiple" label="Dates" placeholder="Pick the days" value={several} onChange={setSeveral} valueFormat="MM-DD-YYYY" minDate={today()} clearable />
            )}
            {dates.length > 0 && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {dates.length} day{dates.length === 1 ? '' : 's'} selected
              </Text>
            )}
          </Stack>
        )}
        <TimeFields start={start} end={end} note={note} onStart={setStart} onEnd={setEnd} onNote={setNote} />
        {error && <ErrorState message={error} />}
        <Button onClick={submit} loading={busy}>
          Submit
        </Button>
      </Stack>
    </Paper>
  );
}

/** /staff-add-pto/{id}: add days off, owner, admin or superadmin (others go to /staffs). */
export default function AddDayOffPage() {
  const { id } = useParams();
  return (
    <Allowed rule="storeManager" redirect="/staffs">
      <PeoplePage title="Add days off" back={{ to: `/staff-pto/${id}`, label: 'Days off' }} size="sm">
        <AddForm />
      </PeoplePage>
    </Allowed>
  );
}
