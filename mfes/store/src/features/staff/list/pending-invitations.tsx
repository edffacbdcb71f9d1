import { Card, Group, Stack, Text } from '@mantine/core';
import { usePendingInvitations } from '../model';

/** Invitations sent from the add-staff wizard's Yes path that nobody accepted yet. */
export function PendingInvitations({ storeId }: { storeId: number | undefined }) {
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
