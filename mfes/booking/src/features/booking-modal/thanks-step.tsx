import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { VERIFY_EMAIL_TEXT } from '../account/account-schema';
import type { SummaryRow } from './booking-summary';
import { SummaryTable } from './summary-table';

export const THANK_YOU = 'Thank you! Your request has been submitted. We will review and get back to you soon.';

/** The spec's thank-you, repeating what was asked for; the appointments link (signed in) or the verify note. */
export function ThanksStep({ rows, signedIn, onClose }: { rows: SummaryRow[]; signedIn: boolean; onClose: () => void }) {
  return (
    <Stack role="status">
      <Text fw={600}>{THANK_YOU}</Text>
      <SummaryTable rows={rows} label="Your request" />
      {signedIn ? (
        <Anchor component={Link} to="/appointments">
          View appointments
        </Anchor>
      ) : (
        <Text>{VERIFY_EMAIL_TEXT}</Text>
      )}
      <Button variant="light" onClick={onClose}>
        Close
      </Button>
    </Stack>
  );
}
