import '@mantine/dates/styles.css';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { alert, confirm, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { staffName, useStaffList, type Employee } from '../staff/model';
import { Allowed, PeoplePage } from '../staff/ui';
import { TimeFields } from './day-off-form';
import { dayOffProblem, ptoKey, today, type DayOff } from './days-off-model';

/**
 * Finds the day off: in the pto list of the staff id passed in the query (?staffId=, set by the list), else
 * by getAppointmentsById, else (that call is not built yet: 501) in every staff member's pto list.
 */
function useDayOff(id: string, staffId: string | null, staff: Employee[] | undefined) {
  return useQuery({
    queryKey: ['pto-item', id, staffId, staff?.length ?? 0],
    enabled: Boolean(staffId) || Boolean(staff),
    queryFn: async (): Promise<DayOff | null> => {
      const inPto = async (sid: number | string) => ((await api.get('GET getPTOByEmployeeId/{id}', { id: sid })).pto ?? []).find((d) => String(d.id) === id) ?? null;
      if (staffId && /^\d+$/.test(staffId)) {
        const hit = await inPto(staffId);
        if (hit) return hit;
      }
      try {
        const res = await api.get('GET getAppointmentsById/{id}', { id });
        if (res.appointments?.[0]) return res.appointments[0];
      } catch (e) {
        if (!isApiError(e) || ![404, 501].includes(e.status)) throw e;
      }
      for (const s of staff ?? []) {
        const hit = await inPto(s.id);
        if (hit) return hit;
      }
      return null;
    },
  });
}

function EditForm({ day, employee }: { day: DayOff; employee?: Employee }) {
  const access = useStoreAccess();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [date, setDate] = useState<string | null>(day.date);
  const [start, setStart] = useState<string | null>(day.start);
  const [end, setEnd] = useState<string | null>(day.end);
  const [note, setNote] = useState(day.note === 'OFF' ? '' : day.note);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const back = `/staff-pto/${day.staffId}`;
  const done = async () => {
    // Leave first: refetching this page's own day off after a delete would bounce it to /staffs.
    navigate(back);
    qc.removeQueries({ queryKey: ['pto-item'] });
    await qc.invalidateQueries({ queryKey: ptoKey(day.staffId) });
  };
  const save = async () => {
    const problem = dayOffProblem({ dates: date ? [date] : [], start, end, today: today(), kept: day.date });
    if (problem) return alert('Days off', problem);
    setBusy('save');
    setError(null);
    try {
      // dayOffProblem has refused a missing date or time.
      await api.patch('PATCH appointment/{id}', { date: date ?? undefined, start: start ?? undefined, end: end ?? undefined, note: note.trim() || 'OFF', modifiedBy: access.userId }, { id: day.id });
      await done();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    if (!(await confirm('Do you want to delete this day?', { danger: true }))) return;
    setBusy('delete');
    setError(null);
    try {
      await api.delete('DELETE appointment/{id}', { id: day.id });
      await done();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack>
        {employee && (
          <Title order={2} size="h4">
            {staffName(employee)}
          </Title>
        )}
        <DatePickerInput label="Date" placeholder="Pick a date" value={date} onChange={setDate} valueFormat="MM-DD-YYYY" minDate={day.date < today() ? day.date : today()} />
        <TimeFields start={start} end={end} note={note} onStart={setStart} onEnd={setEnd} onNote={setNote} />
        {error && <ErrorState message={error} />}
        <Group justify="space-between">
          <Button color="red" variant="outline" onClick={remove} loading={busy === 'delete'}>
            Delete this day
          </Button>
          <Button onClick={save} loading={busy === 'save'}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Edit() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const access = useStoreAccess();
  const staffId = params.get('staffId');
  const staff = useStaffList(staffId ? undefined : access.storeId);
  const day = useDayOff(id, staffId, staff.data);
  const employees = useStaffList(access.storeId);
  if (!/^\d+$/.test(id)) return <Navigate to="/staffs" replace />;
  if (day.isPending) return <LoadingState />;
  if (day.isError) return <ErrorState message={day.error.message} onRetry={() => day.refetch()} />;
  if (!day.data || day.data.storeId !== access.storeId) return <Navigate to="/staffs" replace />;
  return <EditForm day={day.data} employee={employees.data?.find((e) => e.id === day.data!.staffId)} />;
}

/** /staff-edit-pto/{appointmentId}: edit or delete a day off, owner, admin or superadmin. */
export default function EditDayOffPage() {
  const [params] = useSearchParams();
  const staffId = params.get('staffId');
  return (
    <Allowed rule="storeManager" redirect="/staffs">
      <PeoplePage title="Edit day off" back={{ to: staffId ? `/staff-pto/${staffId}` : '/staffs', label: staffId ? 'Days off' : 'Staff' }} size="sm">
        <Edit />
      </PeoplePage>
    </Allowed>
  );
}
