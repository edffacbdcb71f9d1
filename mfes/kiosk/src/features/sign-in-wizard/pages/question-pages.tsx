import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { capitalised, minutesPhrase } from '../wizard-model';

/** Page 0: the welcome and the appointment question. */
export function QuestionPage({ storeName, queue, onYes, onWalkIn }: {
  storeName: string | null;
  /** the line now, when known */
  queue: { waiting: number; waitMinutes: number } | undefined;
  onYes: () => void;
  onWalkIn: () => void;
}) {
  return (
    <Stack align="center" gap="xl" className="tb-kiosk-center">
      {storeName && <Text className="tb-kiosk-welcome">Welcome to {capitalised(storeName)}</Text>}
      <Title order={1} ta="center">Do you have an appointment?</Title>
      <Group justify="center" gap="xl" className="tb-kiosk-choices">
        <Button size="xl" className="tb-kiosk-big" onClick={onYes}>Yes</Button>
        <Button size="xl" className="tb-kiosk-big" variant="light" onClick={onWalkIn}>Walk-in</Button>
      </Group>
      {queue && (
        <Text size="lg" c="dimmed" aria-live="polite">
          {queue.waiting === 0
            ? 'No one is waiting right now'
            : `${queue.waiting} waiting · about ${minutesPhrase(queue.waitMinutes)} for a walk-in`}
        </Text>
      )}
    </Stack>
  );
}

/** Page 12: a walk-in (or someone whose appointment was not found) checks availability with the staff first. */
export function TalkToStaffPage({ onYes, onNo }: { onYes: () => void; onNo: () => void }) {
  return (
    <Stack align="center" gap="xl" className="tb-kiosk-center">
      <Text size="xl" ta="center">Please consult availabilities with our staff before continuing.</Text>
      <Title order={1} ta="center">Did you talk to a staff?</Title>
      <Group justify="center" gap="xl" className="tb-kiosk-choices">
        <Button size="xl" className="tb-kiosk-big" onClick={onYes}>Yes</Button>
        <Button size="xl" className="tb-kiosk-big" variant="light" onClick={onNo}>No</Button>
      </Group>
    </Stack>
  );
}

/** Page 13: shown for a few seconds, then the kiosk starts over. */
export function ConsultStaffPage() {
  return (
    <Stack align="center" gap="xl" className="tb-kiosk-center">
      <Title order={1} ta="center">Please consult availabilities with our staff.</Title>
    </Stack>
  );
}
