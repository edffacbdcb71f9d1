import { Button, Stack, Text } from '@mantine/core';
import type { SummaryRow } from './booking-summary';
import { StickyActions } from './sticky-actions';
import { SummaryTable } from './summary-table';

/** The request as it will be sent, with the customer's details, before Submit. */
export function ReviewStep({ rows, busy, onSubmit }: { rows: SummaryRow[]; busy: boolean; onSubmit: () => void }) {
  return (
    <Stack>
      <Text size="sm">Please check your request. The store reviews it and gets back to you.</Text>
      <SummaryTable rows={rows} label="Your request" />
      <StickyActions>
        <Button onClick={onSubmit} loading={busy} fullWidth>
          Submit
        </Button>
      </StickyActions>
    </Stack>
  );
}
