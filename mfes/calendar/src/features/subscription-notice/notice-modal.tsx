import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The notice itself (loaded only when a store has to show it). */
export default function NoticeModal({ text, paymentLink, onClose }: { text: string; paymentLink: boolean; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Subscription expired" centered>
      <Stack>
        <Text role="alert">{text}</Text>
        <Group justify="space-between">
          {paymentLink ? (
            <Anchor component={Link} to="/subscription" fw={700}>
              Make a payment
            </Anchor>
          ) : (
            <span />
          )}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
