import { act, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { CardHandle } from './card-field';

// Stripe's script cannot load in a test: its React binding is replaced by a card element whose readiness
// the test controls, and a Stripe object whose createToken answers as Stripe would.
let markReady: () => void = () => undefined;
const createToken = jest.fn();
jest.mock('@stripe/stripe-js', () => ({ loadStripe: jest.fn(async () => ({ createToken })) }));
jest.mock('@stripe/react-stripe-js', () => {
  const { useEffect } = jest.requireActual('react');
  return {
    Elements: ({ children }: { children: unknown }) => children,
    useStripe: () => ({ createToken }),
    useElements: () => ({ getElement: () => ({ card: true }) }),
    CardElement: ({ onReady }: { onReady: () => void }) => {
      useEffect(() => {
        markReady = onReady;
      }, [onReady]);
      return null;
    },
  };
});

import StripeCardElement from '@turnbook/web-kit/card/stripe-card-element';
import { stripeCardHandle } from './stripe-card-handle';

const BILLING = { name: 'Mai Nguyen', line1: '12 Main St', city: 'Austin', state: 'TX', postal_code: '78701' };

function renderField() {
  const handles: (CardHandle | null)[] = [];
  render(
    <MantineProvider>
      <StripeCardElement<CardHandle> publishableKey="pk_test_x" onReady={(h) => handles.push(h)} handleFor={stripeCardHandle} loadingText="Loading the card field…" />
    </MantineProvider>,
  );
  return handles;
}

describe('the Stripe card field', () => {
  it('when the card element is not ready yet, then the form gets no handle (its submit stays disabled)', () => {
    expect(renderField().filter(Boolean)).toHaveLength(0);
  });

  it('when the card element is ready, then the handle asks Stripe for a token with the billing address', async () => {
    createToken.mockResolvedValueOnce({ token: { id: 'tok_123' } });
    const handles = renderField();
    act(() => markReady());
    const handle = handles.filter(Boolean).at(-1)!;
    await expect(handle.createToken(BILLING)).resolves.toEqual({ token: 'tok_123' });
    expect(createToken).toHaveBeenCalledWith(
      { card: true },
      { name: 'Mai Nguyen', address_line1: '12 Main St', address_city: 'Austin', address_state: 'TX', address_zip: '78701', address_country: 'US' },
    );
  });

  it("when Stripe refuses the card, then the handle answers Stripe's message", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    createToken.mockResolvedValueOnce({ error: { message: 'Your card number is incomplete.' } });
    const handles = renderField();
    act(() => markReady());
    await expect(handles.filter(Boolean).at(-1)!.createToken(BILLING)).resolves.toEqual({ error: 'Your card number is incomplete.' });
  });
});
