import { ActionIcon, Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { api, isNotAvailable } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, Hint, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type Employee, staffKeys, staffName, usePendingInvitations, useStaffList } from './model';
import { SortableStaff } from './sortable-staff';
import { ArchiveIcon, EditIcon, NeedsStore, PeoplePage, PlusIcon, ReorderIcon, StaffAvatar } from './ui';

function StaffCard({ e, canSchedule, canDaysOff, canEdit }: { e: Employee; canSchedule: boolean; canDaysOff: boolean; canEdit: boolean }) {
  const name = staffName(e);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <StaffAvatar employee={e} size={56} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={`/staff/${e.id}`} fw={700} size="lg" c="inherit" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Anchor>
            {canEdit && (
              <Hint label="Staff settings">
                <ActionIcon component={Link} to={`/staffs/edit/${e.id}`} variant="subtle" aria-label={`Settings of ${name}`}>
                  <EditIcon />
                </ActionIcon>
              </Hint>
            )}
          </Group>
          {e.email && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {e.email}
            </Text>
          )}
          {e.phone && <Text size="sm">{formatPhone(e.phone)}</Text>}
          <Text size="xs" c="dimmed">
            Staff ID: {e.id}
          </Text>
          {(canSchedule || canDaysOff) && (
            <Group gap="md" mt={6}>
              {canSchedule && (
                <Anchor component={Link} to={`/staff-schedule/${e.id}`} size="sm">
                  Schedule
                </Anchor>
              )}
              {canDaysOff && (
                <Anchor component={Link} to={`/staff-pto/${e.id}`} size="sm">
                  Days off
                </Anchor>
              )}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** Invitations sent from the add-staff wizard's Yes path that nobody accepted yet. */
function PendingInvitations({ storeId }: { storeId: number | undefined }) {
  const invitations = usePendingInvitations(storeId, true);
  if (!invitations.data?.length) return null;
  return (
    <Stack gap="xs" mt="lg" component="section" aria-label="Invited">
      <Text fw={600}>Invited</Text>
      {invitations.data.map((i) => (
        <Card key={i.id} withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap">
            <Text truncate>{i.email}</Text>
            <Text size="sm" c="dimmed">
              Invitation sent {new Date(i.createdAt).toLocaleDateString()}: waiting for them to accept
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** /staffs: the store's staff (docs/product/README.md, docs/product/roles.md). */
export default function StaffListPage() {
  const access = useStoreAccess();
  const staff = useStaffList(access.storeId);
  const qc = useQueryClient();
  const [order, setOrder] = useState<Employee[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const owner = access.isOwner;
  const ownerOrAdmin = owner || access.staffRole === 'admin' || access.isSuperAdmin;

  const startReorder = () => {
    setSaveError(null);
    setOrder(staff.data ?? []);
  };
  const save = async () => {
    if (!order) return;
    setSaving(true);
    setSaveError(null);
    try {
      for (const [i, e] of order.entries()) await api.post('POST updateEmployeeSortIndex/{id}', { sortIndex: i }, { id: e.id });
      await qc.invalidateQueries({ queryKey: staffKeys.list(access.storeId) });
      setOrder(null);
    } catch (e) {
      setSaveError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const cancel = async () => {
    setOrder(null);
    setSaveError(null);
    await staff.refetch();
  };

  const actions =
    owner && !order ? (
      <>
        <Hint label="Reorder">
          <ActionIcon variant="light" size="lg" onClick={startReorder} aria-label="Reorder staff" disabled={!staff.data?.length}>
            <ReorderIcon />
          </ActionIcon>
        </Hint>
        <Hint label="Archived staff">
          <ActionIcon component={Link} to="/staffs-archive" variant="light" size="lg" aria-label="Archived staff">
            <ArchiveIcon />
          </ActionIcon>
        </Hint>
        <Hint label="Add staff">
          <ActionIcon component={Link} to="/staffs/create" variant="filled" size="lg" aria-label="Add staff">
            <PlusIcon />
          </ActionIcon>
        </Hint>
      </>
    ) : null;

  let content;
  if (staff.isPending) content = <LoadingState label="Loading staff…" />;
  else if (staff.isError)
    content = isNotAvailable(staff.error) ? <NotAvailable what="The staff list" onRetry={() => staff.refetch()} /> : <ErrorState message={staff.error.message} onRetry={() => staff.refetch()} />;
  else if (order)
    content = (
      <Stack>
        <Text size="sm" c="dimmed">
          Drag the handles (or focus one and use Space and the arrow keys) to change the order.
        </Text>
        <SortableStaff items={order} onChange={setOrder} />
        {saveError && <ErrorState message={saveError} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={save} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    );
  else if (!staff.data.length)
    content = (
      <Stack align="center">
        <EmptyState>Let's add a staff</EmptyState>
        {owner && (
          <Button component={Link} to="/staffs/create" leftSection={<PlusIcon />}>
            Add staff
          </Button>
        )}
      </Stack>
    );
  else
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {staff.data.map((e) => (
          <StaffCard
            key={e.id}
            e={e}
            canEdit={owner}
            canSchedule={ownerOrAdmin}
            canDaysOff={ownerOrAdmin || (e.userId != null && e.userId === access.userId)}
          />
        ))}
      </SimpleGrid>
    );

  return (
    <NeedsStore>
      <PeoplePage title="Staff" actions={actions} size="lg">
        {content}
        {owner && !order && <PendingInvitations storeId={access.storeId} />}
      </PeoplePage>
    </NeedsStore>
  );
}
