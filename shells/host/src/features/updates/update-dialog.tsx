import { Button, Group, Modal, Text } from '@mantine/core';

/** The update notice itself (update-notice.tsx decides when). */
export default function UpdateDialog({ opened, version, body, onDismiss }: { opened: boolean; version: string; body?: string; onDismiss: () => void }) {
  return (
    <Modal opened={opened} onClose={onDismiss} title="Update available" centered>
      <Text fw={600} mb="xs">
        Turnbook {version} is here.
      </Text>
      {body && (
        <Text style={{ whiteSpace: 'pre-line' }} mb="md">
          {body}
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={onDismiss}>Got it</Button>
      </Group>
    </Modal>
  );
}
