import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, isNotAvailable } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { Link } from 'react-router-dom';
import { staffKeys, staffName } from './model';
import { Allowed, PeoplePage, StaffAvatar } from './ui';

function ArchiveList() {
  const { storeId } = useStoreAccess();
  const list = useQuery({
    queryKey: staffKeys.archive(storeId),
    enabled: Boolean(storeId),
    queryFn: async () => (await api.get('GET getStaffsArchiveByStoreId/{storeId}', { storeId: storeId! })).employees ?? [],
  });
  if (list.isPending) return <LoadingState />;
  if (list.isError) return isNotAvailable(list.error) ? <NotAvailable what="The staff archive" onRetry={() => list.refetch()} /> : <ErrorState message={list.error.message} onRetry={() => list.refetch()} />;
  if (!list.data.length) return <EmptyState />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {list.data.map((e) => (
        <Card key={e.id} withBorder radius="md" component="article" aria-label={staffName(e)}>
          <Group wrap="nowrap">
            <StaffAvatar employee={e} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700}>{staffName(e)}</Text>
              {e.email && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {e.email}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                Staff ID: {e.id}
              </Text>
              <Anchor component={Link} to={`/staff-archive/${e.id}`} size="sm" aria-label={`Restore ${staffName(e)}`}>
                Restore
              </Anchor>
            </Stack>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** /staffs-archive: archived staff, owner only. */
export default function StaffArchivePage() {
  return (
    <Allowed rule="storeOwner" redirect="/staffs">
      <PeoplePage title="Archived staff" back={{ to: '/staffs', label: 'Staff' }}>
        <ArchiveList />
      </PeoplePage>
    </Allowed>
  );
}
