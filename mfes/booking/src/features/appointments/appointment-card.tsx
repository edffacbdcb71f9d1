import { ActionIcon, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { CustomerAppointmentView } from '@turnbook/contracts/schemas/appointments';
import { longDate } from '../booking-modal/booking-window';
import { requestedStaff } from './customer-lists';
import { canChange, customerStatus } from './status-label';

/** Mantine's darkest green gives white badge text 4.4:1, under AA's 4.5 for text this small. */
const APPROVED_GREEN = '#1b5e20';

/** One upcoming appointment: store, date, time, services, requested staff, status; the ellipsis opens its actions. */
export function AppointmentCard({ a, onActions }: { a: CustomerAppointmentView; onActions: () => void }) {
  const status = customerStatus(a.status);
  const when = `${longDate(a.date)}, ${a.start}`;
  return (
    <Card withBorder component="li" padding="sm" aria-label={`${a.storeName}, ${when}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={700} tt="capitalize">
            {a.storeName}
          </Text>
          <Text>{when}</Text>
          <Text size="sm">{a.services.map((s) => s.name).join(', ')}</Text>
          <Text size="sm">
            Staff: <span style={{ textTransform: 'capitalize' }}>{requestedStaff(a)}</span>
          </Text>
          <Group gap="xs">
            <Badge color={status.approved ? APPROVED_GREEN : 'red.9'} variant="filled" radius="sm">
              {status.label}
            </Badge>
            {a.suggested && <Text size="sm">New time suggested by the store</Text>}
          </Group>
          {a.suggested && canChange(a.status) && (
            <Button size="xs" variant="light" onClick={onActions} w="fit-content">
              Accept or decline the new time
            </Button>
          )}
        </Stack>
        {canChange(a.status) && (
          <ActionIcon variant="subtle" size="lg" onClick={onActions} aria-label={`Actions for ${a.storeName}, ${when}`}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
              <circle cx="5" cy="12" r="2" />
              <circle cx="12" cy="12" r="2" />
              <circle cx="19" cy="12" r="2" />
            </svg>
          </ActionIcon>
        )}
      </Group>
    </Card>
  );
}
