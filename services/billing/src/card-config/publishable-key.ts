/** The settings that decide which card field the subscription screen shows. */
export interface CardFieldSettings {
  NODE_ENV: 'development' | 'test' | 'production';
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_API_HOST?: string;
}

/**
 * The publishable key GET billing/config serves. None when billing talks to stripe-mock (the local stack):
 * Stripe.js in the browser would make its tokens at Stripe, which the mock does not know, so the test card
 * stands in, whatever key the launcher sets. Against Stripe itself in production a key is required, or
 * paying customers would see the test card: billing refuses to start without it.
 */
export function publishableKeyFor(settings: CardFieldSettings): string | null {
  if (settings.STRIPE_API_HOST) return null;
  if (!settings.STRIPE_PUBLISHABLE_KEY && settings.NODE_ENV === 'production') {
    throw new Error('Invalid configuration for billing:\n  STRIPE_PUBLISHABLE_KEY: must be set in production (the card field needs it)');
  }
  return settings.STRIPE_PUBLISHABLE_KEY ?? null;
}
