import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { overlapLine, type Written } from './book-calls';

/** After Finish, when the booking overlaps what was already booked: what was written and what it overlaps. */
export function BookedModal({ written, staffName, onClose }: { written: Written[]; staffName: (id: number) => string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Booked" size="lg">
      <Stack>
        <Text>{written.length > 1 ? `${written.length} appointments booked.` : 'The appointment is booked.'}</Text>
        {written.flatMap((w) => w.overlaps ?? []).map((o, i) => (
          <Alert key={`${o.appointmentId}-${i}`} color="orange" variant="light">
            {overlapLine(o, staffName(o.staffId))}
          </Alert>
        ))}
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
