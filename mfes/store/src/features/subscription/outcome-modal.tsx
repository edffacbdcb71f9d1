import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { BILLING_MESSAGES } from '@turnbook/contracts/errors/billing';
import type { PaymentOutcome } from './subscription-model';

/** After Subscribe: the thank-you, or the decline with the bank's reason. */
export function OutcomeModal({ outcome, onClose }: { outcome: Exclude<PaymentOutcome, { kind: 'failed' }>; onClose: () => void }) {
  const success = outcome.kind === 'success';
  return (
    <Modal opened onClose={onClose} title={success ? 'Thank you!' : 'Payment declined'} centered>
      <Stack>
        <Text role={success ? 'status' : 'alert'}>{success ? BILLING_MESSAGES.paymentSubmitted : outcome.message}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
