import { Button, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { confirm, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { staffName, useEmployee } from './model';
import { Allowed, DonePanel, PeoplePage, StaffAvatar } from './ui';

function Restore() {
  const { id } = useParams();
  const access = useStoreAccess();
  const employee = useEmployee(id);
  const qc = useQueryClient();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!id || !/^\d+$/.test(id)) return <Navigate to="/staffs" replace />;
  if (done) return <DonePanel title="Restored!" to="/staffs" />;
  if (employee.isPending) return <LoadingState />;
  if (employee.isError) return <ErrorState message={employee.error.message} onRetry={() => employee.refetch()} />;
  const e = employee.data;
  if (!e || e.storeId !== access.storeId) return <Navigate to="/staffs" replace />;
  const restore = async () => {
    if (!(await confirm('Do you want to restore this staff?'))) return;
    setBusy(true);
    setError(null);
    try {
      await api.get('GET restoreEmployee/{id}', { id: e.id });
      await qc.invalidateQueries({ queryKey: ['staff'] });
      setDone(true);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack align="center" ta="center">
        <StaffAvatar employee={e} size={72} />
        <Text fw={700} size="lg">
          {staffName(e)}
        </Text>
        {e.email && <Text c="dimmed">{e.email}</Text>}
        <Text size="sm" c="dimmed">
          Staff ID: {e.id}
        </Text>
        {error && <ErrorState message={error} />}
        {e.archived ? (
          <Button onClick={restore} loading={busy}>
            Restore this staff
          </Button>
        ) : (
          <Text>This staff member is not archived.</Text>
        )}
      </Stack>
    </Paper>
  );
}

/** /staff-archive/{id}: restore an archived staff member, owner only. */
export default function StaffRestorePage() {
  return (
    <Allowed rule="storeOwner" redirect="/staffs">
      <PeoplePage title="Restore staff" back={{ to: '/staffs-archive', label: 'Archived staff' }} size="sm">
        <Restore />
      </PeoplePage>
    </Allowed>
  );
}
