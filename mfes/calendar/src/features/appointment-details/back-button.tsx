import { Button } from '@mantine/core';

/** Back to the appointment's details, under each of its action views. */
export function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="default" onClick={onBack}>
      Back
    </Button>
  );
}
