import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { capitalize, staffName, useEmployee, WEEKDAYS } from './model';
import { NeedsStore, PeoplePage, StaffAvatar } from './ui';
import { workDaysOf } from './staff-schedule-page';

function View() {
  const { id } = useParams();
  const access = useStoreAccess();
  const employee = useEmployee(id);
  if (!id || !/^\d+$/.test(id)) return <Navigate to="/staffs" replace />;
  if (employee.isPending) return <LoadingState />;
  if (employee.isError) return <ErrorState message={employee.error.message} onRetry={() => employee.refetch()} />;
  const e = employee.data;
  if (!e || e.storeId !== access.storeId) return <Navigate to="/staffs" replace />;
  const work = workDaysOf(e.dayOff);
  const ownerOrAdmin = access.isOwner || access.staffRole === 'admin' || access.isSuperAdmin;
  const self = e.userId != null && e.userId === access.userId;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack align="center" ta="center" gap="xs">
        <StaffAvatar employee={e} size={88} />
        <Text fw={700} size="xl">
          {staffName(e)}
        </Text>
        {e.nickname && e.nickname.toLowerCase() !== e.fname.toLowerCase() && <Text c="dimmed">“{capitalize(e.nickname)}”</Text>}
        {e.email && <Text style={{ overflowWrap: 'anywhere' }}>{e.email}</Text>}
        {e.phone && <Text>{formatPhone(e.phone)}</Text>}
        <Text size="sm" c="dimmed">
          Staff ID: {e.id}
        </Text>
        <Group gap="xs" justify="center">
          <Badge variant="light">Role: {e.role}</Badge>
          <Badge variant="light" color={e.online_booking === 'ON' ? 'green' : 'gray'}>
            Online Booking: {e.online_booking}
          </Badge>
          {e.archived && <Badge color="red">Archived</Badge>}
        </Group>
        <Text size="sm">
          Works: {work.length ? WEEKDAYS.filter((d) => work.includes(d.key)).map((d) => d.label.slice(0, 3)).join(', ') : 'no weekdays'}
        </Text>
        <Group gap="md" justify="center" mt="sm">
          {access.isOwner && !e.archived && (
            <Anchor component={Link} to={`/staffs/edit/${e.id}`}>
              Settings
            </Anchor>
          )}
          {ownerOrAdmin && (
            <Anchor component={Link} to={`/staff-schedule/${e.id}`}>
              Schedule
            </Anchor>
          )}
          {(ownerOrAdmin || self) && (
            <Anchor component={Link} to={`/staff-pto/${e.id}`}>
              Days off
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** /staff/{id}: read view of one staff member. */
export default function StaffViewPage() {
  return (
    <NeedsStore>
      <PeoplePage title="Staff" back={{ to: '/staffs', label: 'Staff' }} size="sm">
        <View />
      </PeoplePage>
    </NeedsStore>
  );
}
