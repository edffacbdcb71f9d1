import { Radio, Stack } from '@mantine/core';
import { BILLING_TEST_TOKENS } from '@turnbook/contracts/schemas/billing';
import { useEffect, useState } from 'react';
import type { CardSaver } from './card-messages';

const TEST_CARDS = [
  { token: BILLING_TEST_TOKENS.success, label: 'Card saves' },
  { token: BILLING_TEST_TOKENS.insufficientFunds, label: 'Insufficient funds' },
  { token: BILLING_TEST_TOKENS.authenticationRequired, label: 'Authentication required' },
  { token: BILLING_TEST_TOKENS.declinesOnCharge, label: 'Saves, then declines the no-show fee' },
] as const;

/** The local stand-in for the card (stripe-mock): each choice sends Stripe's test token for that outcome. */
export function TestCardChoice({ onReady }: { onReady: (saver: CardSaver | null) => void }) {
  const [token, setToken] = useState<string>(BILLING_TEST_TOKENS.success);
  useEffect(() => {
    onReady({ confirmSetup: async () => ({ token }) });
    return () => onReady(null);
  }, [token, onReady]);
  return (
    <Radio.Group label="Test card (no real payment)" description="No card provider key is configured: choose what this test card does." value={token} onChange={setToken} data-testid="test-card-field">
      <Stack gap={6} mt="xs">
        {TEST_CARDS.map((c) => (
          <Radio key={c.token} value={c.token} label={c.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
