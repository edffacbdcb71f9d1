import { z } from 'zod';

/** billing's own settings, validated with the kit's base config at start (deploy/local/test/compose.test.mjs checks the compose file against them). */
export const billingEnv = {
  /** Stripe's secret key; locally stripe-mock's, which accepts any sk_test_ key. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_... or sk_live_...)').default('sk_test_123'),
  /**
   * Stripe's publishable key, served to the subscription screen at run time (GET /api/billing/config) for
   * Stripe Elements' card field. Unset, or with stripe-mock (STRIPE_API_HOST), the screen shows the test card.
   */
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_... or pk_live_...)').optional(),
  /** The webhook endpoint's signing secret; without it every webhook call is refused. */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** stripe-mock's address (the launcher sets these); unset talks to Stripe itself. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** How often plans the card provider has not created yet are tried again. */
  PLAN_SYNC_RETRY_MS: z.coerce.number().int().positive().default(30_000),
};
