import { Alert, Anchor, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BILLING_TEST_TOKENS } from '@turnbook/contracts/schemas/billing';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fetchCardConfig, subscriptionKeys } from './subscription-model';

/** The billing form's address, passed to the card provider with the card. */
export interface CardBilling {
  name: string;
  line1: string;
  city: string;
  state: string;
  postal_code: string;
}

/** What the payment form asks of a card field once it is ready: a token for the card, or why not. */
export interface CardHandle {
  createToken: (billing: CardBilling) => Promise<{ token: string } | { error: string }>;
  /**
   * Saves the card with a SetupIntent's client secret: Stripe Elements confirms it in the browser
   * (`confirmed`); the test card answers its test token for the server to confirm with.
   */
  confirmSetup: (clientSecret: string) => Promise<{ confirmed: true } | { token: string } | { error: string }>;
}

export interface CardFieldProps {
  /** Called with the handle when the card library is ready (submit stays disabled until then), null when it is gone. */
  onReady: (handle: CardHandle | null) => void;
}

// Stripe's libraries load with the modal, and only when a key is set.
const StripeCardField = lazy(() => import(/* webpackChunkName: "stripe-card-field" */ './stripe-card-field'));

const TEST_CARDS = [
  { token: BILLING_TEST_TOKENS.success, label: 'Payment succeeds' },
  { token: BILLING_TEST_TOKENS.insufficientFunds, label: 'Insufficient funds' },
  { token: BILLING_TEST_TOKENS.authenticationRequired, label: 'Authentication required' },
  { token: BILLING_TEST_TOKENS.declined, label: 'Declined by the issuer' },
] as const;

/** The local stand-in for the card: each choice sends the card provider's test token for that outcome. */
export function TestCardField({ onReady }: CardFieldProps) {
  const [token, setToken] = useState<string>(BILLING_TEST_TOKENS.success);
  useEffect(() => {
    onReady({ createToken: async () => ({ token }), confirmSetup: async () => ({ token }) });
    return () => onReady(null);
  }, [token, onReady]);
  return (
    <Radio.Group
      label="Test card (no real payment)"
      description="No card provider key is configured: choose the outcome this test card gives."
      value={token}
      onChange={setToken}
      data-testid="test-card-field"
    >
      <Stack gap={6} mt="xs">
        {TEST_CARDS.map((c) => (
          <Radio key={c.token} value={c.token} label={c.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * The card field: Stripe Elements when billing serves a publishable key at run time (GET billing/config), else
 * the test card (a local stack: billing talks to stripe-mock, and Stripe's script cannot load there). The
 * modules' build holds no key, so one bundle serves every environment.
 */
export function CardField({ onReady }: CardFieldProps) {
  const config = useQuery({ queryKey: subscriptionKeys.cardConfig, queryFn: fetchCardConfig, staleTime: Infinity });
  if (config.isPending) return <Text size="sm" c="dimmed">Loading the card field…</Text>;
  if (config.isError) {
    return (
      <Alert color="red" role="alert">
        The card field could not be loaded.{' '}
        <Anchor component="button" type="button" onClick={() => void config.refetch()}>
          Try again
        </Anchor>
      </Alert>
    );
  }
  const key = config.data.stripePublishableKey;
  if (!key) return <TestCardField onReady={onReady} />;
  return (
    <Suspense fallback={<Text size="sm" c="dimmed">Loading the card field…</Text>}>
      <StripeCardField publishableKey={key} onReady={onReady} />
    </Suspense>
  );
}
