import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { overlapLine, type Written } from '../booking-wizard/book-calls';

/** Booked over another appointment: said as the wizard says it, before the panel closes. */
export function QuickDone({ written, staffName, onClose }: { written: Written[]; staffName: string; onClose: () => void }) {
  return (
    <Stack>
      <Text>{written.length > 1 ? `${written.length} appointments booked.` : 'The appointment is booked.'}</Text>
      {written.flatMap((w) => w.overlaps ?? []).map((o, i) => (
        <Alert key={`${o.appointmentId}-${i}`} color="orange" variant="light">
          {overlapLine(o, staffName)}
        </Alert>
      ))}
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
