import { Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api, isNotAvailable } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { confirm, EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { staffName, useEmployee } from '../staff/model';
import { NeedsStore, PeoplePage, PlusIcon } from '../staff/ui';
import { formatDate, ptoKey, splitDaysOff, usePto, type DayOff } from './days-off-model';

function DayOffCard({ d, canEdit, onDelete, busy }: { d: DayOff; canEdit: boolean; onDelete: (d: DayOff) => void; busy: boolean }) {
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={`Day off ${formatDate(d.date)}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text fw={700}>{formatDate(d.date)}</Text>
          <Text size="sm">
            {d.start} – {d.end}
          </Text>
          {d.note && d.note !== 'OFF' && (
            <Text size="sm" c="dimmed">
              {d.note}
            </Text>
          )}
        </Stack>
        {canEdit && (
          <Group gap="xs">
            <Button component={Link} to={`/staff-edit-pto/${d.id}?staffId=${d.staffId}`} size="xs" variant="light" aria-label={`Edit day off ${formatDate(d.date)}`}>
              Edit
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(d)} loading={busy} aria-label={`Delete day off ${formatDate(d.date)}`}>
              Delete
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}

function List({ items, canEdit, onDelete, busyId }: { items: DayOff[]; canEdit: boolean; onDelete: (d: DayOff) => void; busyId: number | null }) {
  if (!items.length) return <EmptyState />;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((d) => (
        <DayOffCard key={d.id} d={d} canEdit={canEdit} onDelete={onDelete} busy={busyId === d.id} />
      ))}
    </Stack>
  );
}

function DaysOff() {
  const { id } = useParams();
  const access = useStoreAccess();
  const employee = useEmployee(id);
  const pto = usePto(id);
  const qc = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!id || !/^\d+$/.test(id)) return <Navigate to="/staffs" replace />;
  if (employee.isPending || pto.isPending || access.loading) return <LoadingState />;
  if (employee.isError) return <ErrorState message={employee.error.message} onRetry={() => employee.refetch()} />;
  const e = employee.data;
  if (!e || e.storeId !== access.storeId) return <Navigate to="/staffs" replace />;
  const self = e.userId != null && e.userId === access.userId;
  const ownerOrAdmin = access.isOwner || access.staffRole === 'admin' || access.isSuperAdmin;
  // docs/product/roles.md: owner, admin or the staff member themself see days off.
  if (!ownerOrAdmin && !self && access.staffRole !== 'superadmin') return <Navigate to="/staffs" replace />;
  const canAdd = access.can('storeManager');
  const canEditUpcoming = ownerOrAdmin;
  const canEditHistory = access.isOwner && self;

  const remove = async (d: DayOff) => {
    if (!(await confirm('Do you want to delete this day?', { danger: true }))) return;
    setBusyId(d.id);
    setError(null);
    try {
      await api.delete('DELETE appointment/{id}', { id: d.id });
      await qc.invalidateQueries({ queryKey: ptoKey(id) });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusyId(null);
    }
  };

  let lists;
  if (pto.isError)
    lists = isNotAvailable(pto.error) ? <NotAvailable what="Days off" onRetry={() => pto.refetch()} /> : <ErrorState message={pto.error.message} onRetry={() => pto.refetch()} />;
  else {
    const { upcoming, history } = splitDaysOff(pto.data);
    lists = (
      <Tabs defaultValue="upcoming" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="upcoming">Days off ({upcoming.length})</Tabs.Tab>
          <Tabs.Tab value="history">History ({history.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="upcoming" pt="md">
          <List items={upcoming} canEdit={canEditUpcoming} onDelete={remove} busyId={busyId} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <List items={history} canEdit={canEditHistory} onDelete={remove} busyId={busyId} />
        </Tabs.Panel>
      </Tabs>
    );
  }
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {staffName(e)}
        </Title>
        {canAdd && (
          <Button component={Link} to={`/staff-add-pto/${e.id}`} leftSection={<PlusIcon />} size="sm">
            Add days off
          </Button>
        )}
      </Group>
      {error && <ErrorState message={error} />}
      {lists}
    </Stack>
  );
}

/** /staff-pto/{id}: a staff member's days off (upcoming) and history (past). */
export default function DaysOffPage() {
  return (
    <NeedsStore>
      <PeoplePage title="Days off" back={{ to: '/staffs', label: 'Staff' }} size="sm">
        <DaysOff />
      </PeoplePage>
    </NeedsStore>
  );
}
