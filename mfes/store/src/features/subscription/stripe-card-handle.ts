import type { StripeHandleFor } from '@turnbook/web-kit/card/stripe-card-element';
import type { CardHandle } from './card-handle';

/**
 * What the payment form asks of web-kit's Stripe card field: a token for the card with the billing address,
 * and the card saved through a SetupIntent (Stripe's own decline message).
 */
export const stripeCardHandle: StripeHandleFor<CardHandle> = (stripe, card) => ({
  createToken: async (b) => {
    const element = card();
    if (!element) return { error: 'The card field is not ready.' };
    const res = await stripe.createToken(element, {
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
    const element = card();
    if (!element) return { error: 'The card field is not ready.' };
    // Stripe shows its own 3-D Secure step here when the bank asks for one.
    const res = await stripe.confirmCardSetup(clientSecret, { payment_method: { card: element } });
    if (res.error) return { error: res.error.message ?? 'The card could not be saved.' };
    return { confirmed: true as const };
  },
});
