import { Alert, Anchor, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BILLING_TEST_TOKENS } from '@turnbook/contracts/schemas/billing';
import type { StripeCardElementProps } from '@turnbook/web-kit/card/stripe-card-element';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { CardFieldProps, CardHandle } from './card-handle';
import { stripeCardHandle } from './stripe-card-handle';
import { fetchCardConfig, subscriptionKeys } from './subscription-model';

export type { CardBilling, CardFieldProps, CardHandle } from './card-handle';

// Stripe's libraries load with the modal, and only when a key is set: web-kit's field, with this form's handle.
const StripeCardElement = lazy(() =>
  import(/* webpackChunkName: "stripe-card-field" */ '@turnbook/web-kit/card/stripe-card-element').then((m) => ({
    default: m.default as ComponentType<StripeCardElementProps<CardHandle>>,
  })),
);

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
      <StripeCardElement publishableKey={key} onReady={onReady} handleFor={stripeCardHandle} loadingText="Loading the card field…" />
    </Suspense>
  );
}
