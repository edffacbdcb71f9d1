import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { Alert, Button, Card, Modal, Stack, Text, Title } from '@mantine/core';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { useInbox } from './texts-data';
import { atStoreTime, groupInbox } from './texts-rules';

export interface InboxModalProps {
  store: StoreView;
  onClose: () => void;
}

const capitalized = (name: string) => name.replace(/\b\p{L}/gu, (c) => c.toUpperCase());

/**
 * The SMS inbox (admin, owner, superadmin): customers' replies to the store's number, grouped by customer
 * with the newest first. A reply arriving while it is open shows without a reload (the store's sms channel).
 */
export default function InboxModal({ store, onClose }: InboxModalProps) {
  const inbox = useInbox(store.id, true);
  const groups = inbox.data ? groupInbox(inbox.data.response.items) : [];
  return (
    <Modal opened onClose={onClose} title="SMS inbox" size="lg" centered>
      {inbox.isPending ? (
        <Text>Loading ...</Text>
      ) : inbox.isError ? (
        <Alert color="red" role="alert" title="The inbox could not be read">
          {inbox.error.message}{' '}
          <Button size="compact-sm" variant="default" onClick={() => void inbox.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : groups.length === 0 ? (
        <Text c="dimmed">No messages yet</Text>
      ) : (
        <Stack gap="sm" aria-live="polite">
          {groups.map((g) => (
            <Card key={g.originator} withBorder padding="sm" component="section" aria-label={g.customer ? capitalized(g.customer) : formatPhone(g.originator.slice(-10))}>
              <Title order={3} size="h5">
                {g.customer ? capitalized(g.customer) : formatPhone(g.originator.slice(-10))}
              </Title>
              {g.customer && (
                <Text size="xs" c="dimmed">
                  {formatPhone(g.originator.slice(-10))}
                </Text>
              )}
              <Stack gap={4} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {g.items.map((i) => (
                  <li key={i.id}>
                    <Text size="sm">{i.body}</Text>
                    <Text size="xs" c="dimmed">
                      {atStoreTime(i.createdDatetime, store.timezone)}
                    </Text>
                  </li>
                ))}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
