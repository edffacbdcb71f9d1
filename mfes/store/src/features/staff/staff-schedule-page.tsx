import { Button, Checkbox, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { confirm, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { staffName, useEmployee, WEEKDAYS, type Employee } from './model';
import { Allowed, DonePanel, PeoplePage, StaffAvatar } from './ui';

/** Weekdays worked = every day not in dayOff. */
export function workDaysOf(dayOff: string): string[] {
  const off = new Set(dayOff.toLowerCase().split(/[\s,]+/).filter(Boolean));
  return WEEKDAYS.map((d) => d.key).filter((k) => !off.has(k));
}
export function dayOffOf(workDays: string[]): string {
  return WEEKDAYS.map((d) => d.key)
    .filter((k) => !workDays.includes(k))
    .join(' ');
}

function ScheduleForm({ employee }: { employee: Employee }) {
  const qc = useQueryClient();
  const [work, setWork] = useState<string[]>(workDaysOf(employee.dayOff));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  if (done) return <DonePanel title="Updated!" to="/staffs" />;
  const save = async () => {
    if (!(await confirm('Do you want to update this Staff?'))) return;
    setBusy(true);
    setError(null);
    try {
      await api.post('POST updateEmployeeSchedule/{id}', { dayOff: dayOffOf(work) }, { id: employee.id });
      await qc.invalidateQueries({ queryKey: ['staff'] });
      setDone(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <Stack align="center" gap={4}>
          <StaffAvatar employee={employee} size={64} />
          <Text fw={700}>{staffName(employee)}</Text>
        </Stack>
        <Checkbox.Group label="Working days" description="Check the weekdays this staff member works." value={work} onChange={setWork}>
          <Stack gap="sm" mt="sm">
            {WEEKDAYS.map((d) => (
              <Checkbox key={d.key} value={d.key} label={d.label} size="md" />
            ))}
          </Stack>
        </Checkbox.Group>
        {error && <ErrorState message={error} />}
        <Button onClick={save} loading={busy}>
          Save
        </Button>
      </Stack>
    </Paper>
  );
}

function Schedule() {
  const { id } = useParams();
  const access = useStoreAccess();
  const employee = useEmployee(id);
  if (!id || !/^\d+$/.test(id)) return <Navigate to="/staffs" replace />;
  if (employee.isPending) return <LoadingState />;
  if (employee.isError) return <ErrorState message={employee.error.message} onRetry={() => employee.refetch()} />;
  if (!employee.data || employee.data.storeId !== access.storeId) return <Navigate to="/staffs" replace />;
  return <ScheduleForm employee={employee.data} />;
}

/** /staff-schedule/{id}: the weekly work schedule, owner or admin (docs/product/roles.md). */
export default function StaffSchedulePage() {
  return (
    <Allowed rule="storeOwnerOrAdmin" redirect="/staffs">
      <PeoplePage title="Work schedule" back={{ to: '/staffs', label: 'Staff' }} size="sm">
        <Schedule />
      </PeoplePage>
    </Allowed>
  );
}
