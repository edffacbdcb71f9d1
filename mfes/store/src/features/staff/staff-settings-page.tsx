import { Button, Divider, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { FormProvider, PasswordField, useZodForm } from '@turnbook/web-kit/forms';
import { confirm, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { PIN_MISMATCH } from './add-staff-schemas';
import { ONLINE_BOOKING_CHOICES, STAFF_ROLE_NAMES } from './choices';
import { staffName, useEmployee, type Employee } from './model';
import { Allowed, DonePanel, PeoplePage, StaffAvatar } from './ui';

const pinChangeSchema = z
  .object({
    oldPIN: z.string().trim(),
    newPIN: z.string().trim().regex(/^\d{4,8}$/, 'The PIN must be 4 to 8 digits'),
    confirmPIN: z.string().trim(),
  })
  .refine((v) => v.newPIN === v.confirmPIN, { message: PIN_MISMATCH, path: ['confirmPIN'] });
type PinChange = z.infer<typeof pinChangeSchema>;

function SettingsForm({ employee, onDone }: { employee: Employee; onDone: (word: 'Updated!' | 'Removed!') => void }) {
  const access = useStoreAccess();
  const qc = useQueryClient();
  const [role, setRole] = useState<Employee['role']>(employee.role);
  const [online, setOnline] = useState<Employee['online_booking']>(employee.online_booking);
  // The owner may set a new PIN without the old one (a forgotten PIN); otherwise the old PIN is asked.
  const [resetting, setResetting] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pinForm = useZodForm(pinChangeSchema, { defaultValues: { oldPIN: '', newPIN: '', confirmPIN: '' } });

  const refresh = () => qc.invalidateQueries({ queryKey: ['staff'] });

  const saveSettings = async () => {
    if (!(await confirm('Do you want to update this Staff?'))) return;
    setBusy('save');
    setError(null);
    try {
      if (role !== employee.role) await api.post('POST updateEmployeeRole/{id}', { role }, { id: employee.id });
      if (online !== employee.online_booking) await api.post('POST updateEmployeeOnlineBooking/{id}', { online_booking: online }, { id: employee.id });
      await refresh();
      onDone('Updated!');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const savePin = async (v: PinChange) => {
    if (!(await confirm('Do you want to update this Staff?'))) return;
    setBusy('pin');
    setError(null);
    try {
      // A reset sends the new PIN alone: the server lets the store owner replace a PIN without the old one.
      const body = employee.hasPIN && !resetting ? { oldPIN: v.oldPIN, newPIN: v.newPIN, storeId: access.storeId } : { newPIN: v.newPIN, storeId: access.storeId };
      await api.post('POST updateEmployeePIN/{id}', body, { id: employee.id });
      await refresh();
      onDone('Updated!');
    } catch (e) {
      if (isApiError(e) && e.field && ['oldPIN', 'newPIN'].includes(e.field)) pinForm.setError(e.field as 'oldPIN' | 'newPIN', { type: 'server', message: e.message });
      else setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const archive = async () => {
    if (!(await confirm('Do you want to delete this staff?', { danger: true }))) return;
    setBusy('archive');
    setError(null);
    try {
      await api.get('GET removeEmployee/{id}', { id: employee.id });
      await refresh();
      onDone('Removed!');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg">
      <Stack align="center" gap={4}>
        <StaffAvatar employee={employee} size={72} />
        <Text fw={700} size="lg">
          {staffName(employee)}
        </Text>
        <Text size="sm" c="dimmed">
          Staff ID: {employee.id}
        </Text>
      </Stack>
      {error && <ErrorState message={error} />}
      <Paper withBorder radius="md" p="md">
        <Stack>
          <NativeSelect label="Role" data={[...STAFF_ROLE_NAMES]} value={role} onChange={(e) => setRole(e.currentTarget.value as Employee['role'])} />
          <NativeSelect label="Online Booking" data={ONLINE_BOOKING_CHOICES} value={online} onChange={(e) => setOnline(e.currentTarget.value as Employee['online_booking'])} />
          <Button onClick={saveSettings} loading={busy === 'save'} disabled={busy !== null && busy !== 'save'}>
            Save
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <FormProvider {...pinForm}>
          <form onSubmit={pinForm.handleSubmit((v) => savePin(v as PinChange))} noValidate aria-label={resetting ? 'Reset PIN' : 'Change PIN'}>
            <Stack>
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {resetting ? 'Reset PIN' : 'Change PIN'}
                </Title>
                {employee.hasPIN && (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => {
                      setResetting((r) => !r);
                      pinForm.reset({ oldPIN: '', newPIN: '', confirmPIN: '' });
                    }}
                  >
                    {resetting ? 'I know the old PIN' : 'Reset PIN'}
                  </Button>
                )}
              </Group>
              {employee.hasPIN && resetting ? (
                <Text size="sm" c="dimmed">
                  Forgotten PIN: set a new one without the old one.
                </Text>
              ) : employee.hasPIN ? (
                <PasswordField name="oldPIN" label="Old PIN" inputMode="numeric" autoComplete="off" maxLength={8} />
              ) : (
                <Text size="sm" c="dimmed">
                  No PIN is set yet.
                </Text>
              )}
              <PasswordField name="newPIN" label="New PIN" inputMode="numeric" autoComplete="off" maxLength={8} required />
              <PasswordField name="confirmPIN" label="Confirm new PIN" inputMode="numeric" autoComplete="off" maxLength={8} required />
              <Button type="submit" variant="light" loading={busy === 'pin'}>
                {resetting ? 'Save new PIN' : 'Update PIN'}
              </Button>
            </Stack>
          </form>
        </FormProvider>
      </Paper>
      <Divider />
      <Button color="red" variant="outline" onClick={archive} loading={busy === 'archive'}>
        Archive this staff
      </Button>
    </Stack>
  );
}

function StaffSettings() {
  const { id } = useParams();
  const access = useStoreAccess();
  const employee = useEmployee(id);
  const [done, setDone] = useState<'Updated!' | 'Removed!' | null>(null);
  useEffect(() => setDone(null), [id]);
  if (done) return <DonePanel title={done} to="/staffs" />;
  if (!id || !/^\d+$/.test(id)) return <Navigate to="/staffs" replace />;
  if (employee.isPending) return <LoadingState />;
  if (employee.isError) return <ErrorState message={employee.error.message} onRetry={() => employee.refetch()} />;
  if (!employee.data || employee.data.storeId !== access.storeId || employee.data.archived) return <Navigate to="/staffs" replace />;
  return <SettingsForm employee={employee.data} onDone={setDone} />;
}

/** /staffs/edit/{id}: 'Staff settings', owner only (docs/product/README.md, docs/product/roles.md). */
export default function StaffSettingsPage() {
  return (
    <Allowed rule="storeOwner" redirect="/staffs">
      <PeoplePage title="Staff settings" back={{ to: '/staffs', label: 'Staff' }} size="sm">
        <StaffSettings />
      </PeoplePage>
    </Allowed>
  );
}
