import { Button, Group } from '@mantine/core';

/** The report form's Reset and Run Reports (the store report and the franchise report). */
export function ReportActions({ onReset, onRun, disabled, running }: { onReset: () => void; onRun: () => void; disabled: boolean; running: boolean }) {
  return (
    <Group gap="xs">
      <Button variant="default" onClick={onReset}>
        Reset
      </Button>
      <Button onClick={onRun} disabled={disabled} loading={running}>
        Run Reports
      </Button>
    </Group>
  );
}
