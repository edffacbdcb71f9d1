import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { HAS_ACCOUNT_TEXT } from '../add-staff-schemas';

/** Page 1: which path the wizard takes. */
export function HasAccountQuestion({ onYes, onNo }: { onYes: () => void; onNo: () => void }) {
  return (
    <Stack>
      <Text size="lg">Does the staff already have an account?</Text>
      <Group grow>
        <Button size="md" onClick={onYes}>
          Yes
        </Button>
        <Button size="md" variant="default" onClick={onNo}>
          No
        </Button>
      </Group>
    </Stack>
  );
}

/** Page 2 (No path): whether the new staff member gets their own login. */
export function EmailQuestion({ onBack, onYes, onSkip }: { onBack: () => void; onYes: () => void; onSkip: () => void }) {
  return (
    <Stack>
      <Text>Would you like to add an email and password for this staff member?</Text>
      <Group grow>
        <Button onClick={onYes}>Yes</Button>
        <Button variant="default" onClick={onSkip}>
          Skip
        </Button>
      </Group>
      <Group>
        <Button variant="subtle" onClick={onBack}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}

/** Page 10: the No path's email already has an account; the owner starts again and chooses Yes. */
export function HasAccountAnswer({ onRestart }: { onRestart: () => void }) {
  return (
    <Stack align="center" ta="center" py="xl" gap="md" role="status">
      <Title order={2}>Add Staff</Title>
      <Text size="lg" maw={460}>
        {HAS_ACCOUNT_TEXT}
      </Text>
      <Button onClick={onRestart}>Go back to step 1</Button>
    </Stack>
  );
}
