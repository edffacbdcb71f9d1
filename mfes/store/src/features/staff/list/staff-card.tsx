import { ActionIcon, Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { Hint } from '@turnbook/web-kit/ui';
import { Link } from 'react-router-dom';
import { staffName, type Employee } from '../model';
import { EditIcon, StaffAvatar } from '../ui';

/** One staff member: picture, name (to their page), settings for the owner, contact, and schedule and days-off links. */
export function StaffCard({ e, canSchedule, canDaysOff, canEdit }: { e: Employee; canSchedule: boolean; canDaysOff: boolean; canEdit: boolean }) {
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
