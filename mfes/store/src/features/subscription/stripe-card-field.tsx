import { Input, Text } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import type { CardFieldProps } from './card-handle';

// One Stripe.js load per page, whatever the number of openings of the modal.
let stripePromise: Promise<Stripe | null> | null = null;
const stripeFor = (key: string) => (stripePromise ??= loadStripe(key));

function StripeCard({ onReady }: CardFieldProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!stripe || !elements || !mounted) return undefined;
    onReady({
      createToken: async (b) => {
        const card = elements.getElement(CardElement);
        if (!card) return { error: 'The card field is not ready.' };
        const res = await stripe.createToken(card, {
          name: b.name,
          address_line1: b.line1,
          address_city: b.city,
          address_state: b.state,
          address_zip: b.postal_code,
          address_country: 'US',
        });
        if (res.error || !res.token) {
          // The spec only logs card token errors; the field shows Stripe's own message too.
          console.error('card token', res.error);
          return { error: res.error?.message ?? 'The card could not be read.' };
        }
        return { token: res.token.id };
      },
      confirmSetup: async (clientSecret) => {
        const card = elements.getElement(CardElement);
        if (!card) return { error: 'The card field is not ready.' };
        // Stripe shows its own 3-D Secure step here when the bank asks for one.
        const res = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        if (res.error) return { error: res.error.message ?? 'The card could not be saved.' };
        return { confirmed: true as const };
      },
    });
    return () => onReady(null);
  }, [stripe, elements, mounted, onReady]);

  return (
    <Input.Wrapper label="Card" required error={problem}>
      <div style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, padding: '10px 12px' }}>
        <CardElement
          options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }}
          onReady={() => setMounted(true)}
          onChange={(e) => setProblem(e.error?.message ?? null)}
        />
      </div>
      {!mounted && (
        <Text size="sm" c="dimmed">
          Loading the card field…
        </Text>
      )}
    </Input.Wrapper>
  );
}

/** Stripe Elements' card field (loaded with the modal, only when a publishable key is set). */
export default function StripeCardField({ publishableKey, onReady }: CardFieldProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCard onReady={onReady} />
    </Elements>
  );
}
