import { Button, SimpleGrid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { isNotAvailable } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { Link } from 'react-router-dom';
import { useListOrder } from '../page-frame/use-list-order';
import { PendingInvitations } from './list/pending-invitations';
import { StaffCard } from './list/staff-card';
import { StaffListActions } from './list/staff-list-actions';
import { StaffReorderPanel } from './list/staff-reorder-panel';
import { saveEmployeeSortIndex, staffKeys, useStaffList } from './model';
import { NeedsStore, PeoplePage, PlusIcon } from './ui';

/** /staffs: the store's staff (docs/product/README.md, docs/product/roles.md). */
export default function StaffListPage() {
  const access = useStoreAccess();
  const staff = useStaffList(access.storeId);
  const qc = useQueryClient();
  const order = useListOrder(staff, {
    saveSortIndex: saveEmployeeSortIndex,
    refresh: () => qc.invalidateQueries({ queryKey: staffKeys.list(access.storeId) }),
    errorText: (e) => (e as Error).message,
  });
  const owner = access.isOwner;
  const ownerOrAdmin = owner || access.staffRole === 'admin' || access.isSuperAdmin;

  let content;
  if (staff.isPending) content = <LoadingState label="Loading staff…" />;
  else if (staff.isError)
    content = isNotAvailable(staff.error) ? <NotAvailable what="The staff list" onRetry={() => staff.refetch()} /> : <ErrorState message={staff.error.message} onRetry={() => staff.refetch()} />;
  else if (order.reorder) content = <StaffReorderPanel order={order} />;
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
      <PeoplePage title="Staff" actions={owner && !order.reorder ? <StaffListActions onReorder={order.start} canReorder={Boolean(staff.data?.length)} /> : null} size="lg">
        {content}
        {owner && !order.reorder && <PendingInvitations storeId={access.storeId} />}
      </PeoplePage>
    </NeedsStore>
  );
}
