import { Input, Text } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElement as StripeCard } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { declineText, type CardSaver } from './card-messages';

// One Stripe.js load per page.
let stripePromise: Promise<Stripe | null> | null = null;
const stripeFor = (key: string) => (stripePromise ??= loadStripe(key));

/** Builds what the form gets once the field is ready; `card()` is the mounted card element, read at call time. */
export type StripeHandleFor<H> = (stripe: Stripe, card: () => StripeCard | null) => H;

export interface StripeCardElementProps<H = CardSaver> {
  publishableKey: string;
  onReady: (handle: H | null) => void;
  /** What the form asks of the card (the subscription's also tokenizes it); by default the card-on-file saver. */
  handleFor?: StripeHandleFor<H>;
  /** Shown under the field until Stripe's card element is mounted. */
  loadingText?: string;
}

/** The card-on-file saver: declines read in the seeds' words. */
const cardSaver: StripeHandleFor<CardSaver> = (stripe, card) => ({
  confirmSetup: async (clientSecret) => {
    const element = card();
    if (!element) return { error: 'The card field is not ready.' };
    // Stripe shows its own 3-D Secure step here when the bank asks for one; nothing is charged.
    const res = await stripe.confirmCardSetup(clientSecret, { payment_method: { card: element } });
    return res.error ? { error: declineText(res.error) } : { confirmed: true as const };
  },
});

function Card<H>({ onReady, handleFor, loadingText }: Omit<StripeCardElementProps<H>, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const build = (handleFor ?? cardSaver) as StripeHandleFor<H>;
  useEffect(() => {
    if (!stripe || !elements || !mounted) return undefined;
    onReady(build(stripe, () => elements.getElement(CardElement)));
    return () => onReady(null);
  }, [stripe, elements, mounted, onReady, build]);
  return (
    <Input.Wrapper label="Card" required error={problem}>
      <div style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, padding: '10px 12px' }}>
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} onReady={() => setMounted(true)} onChange={(e) => setProblem(e.error?.message ?? null)} />
      </div>
      {loadingText && !mounted && (
        <Text size="sm" c="dimmed">
          {loadingText}
        </Text>
      )}
    </Input.Wrapper>
  );
}

/** Stripe Elements' card field (loaded only when billing serves a publishable key). */
export default function StripeCardElement<H = CardSaver>({ publishableKey, ...field }: StripeCardElementProps<H>) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <Card {...field} />
    </Elements>
  );
}
