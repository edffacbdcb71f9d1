import { Button, Group } from '@mantine/core';

/** Back (when there is a page before) and the page's submit button. */
export function WizardNav({ onBack, next = 'Next', loading, disabled }: { onBack?: () => void; next?: string; loading?: boolean; disabled?: boolean }) {
  return (
    <Group justify={onBack ? 'space-between' : 'flex-end'} mt="md">
      {onBack && (
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      )}
      <Button type="submit" loading={loading} disabled={disabled}>
        {next}
      </Button>
    </Group>
  );
}
