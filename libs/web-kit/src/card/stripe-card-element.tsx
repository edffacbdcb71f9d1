import { Input } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { declineText, type CardSaver } from './card-messages';

// One Stripe.js load per page.
let stripePromise: Promise<Stripe | null> | null = null;
const stripeFor = (key: string) => (stripePromise ??= loadStripe(key));

function Card({ onReady }: { onReady: (saver: CardSaver | null) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!stripe || !elements || !mounted) return undefined;
    onReady({
      confirmSetup: async (clientSecret) => {
        const card = elements.getElement(CardElement);
        if (!card) return { error: 'The card field is not ready.' };
        // Stripe shows its own 3-D Secure step here when the bank asks for one; nothing is charged.
        const res = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        return res.error ? { error: declineText(res.error) } : { confirmed: true as const };
      },
    });
    return () => onReady(null);
  }, [stripe, elements, mounted, onReady]);
  return (
    <Input.Wrapper label="Card" required error={problem}>
      <div style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, padding: '10px 12px' }}>
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} onReady={() => setMounted(true)} onChange={(e) => setProblem(e.error?.message ?? null)} />
      </div>
    </Input.Wrapper>
  );
}

/** Stripe Elements' card field (loaded only when billing serves a publishable key). */
export default function StripeCardElement({ publishableKey, onReady }: { publishableKey: string; onReady: (saver: CardSaver | null) => void }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <Card onReady={onReady} />
    </Elements>
  );
}
