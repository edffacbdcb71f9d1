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

/** Why Save stopped; a start not offered comes with the next one that is, one tap to take it. */
export function QuickProblem({ problem, later, onLater }: { problem: string | null; later: string | null; onLater: (time: string) => void }) {
  if (!problem) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{problem}</Text>
        {later && (
          <Button size="compact-sm" variant="light" onClick={() => onLater(later)}>
            Take {later} instead
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
