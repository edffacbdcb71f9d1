import { z } from 'zod';
import { Cents, Email, Id, numeric, UnixSeconds } from './common';
export * from './card-on-file';
import { State, Zip } from './scheduling';

/**
 * Subscriptions and payments (docs/product/calls.md, docs/decisions.md). Money is in cents and times are
 * Stripe's unix seconds, as the spec's client reads them.
 */

/** A plan a store can subscribe to. */
export const PlanView = z.object({
  /** the plan's id at the card provider, sent back as `packageId` */
  id: z.string(),
  product_name: z.string(),
  /** cents per month */
  price: Cents,
  interval: z.literal('month'),
});
export const PlansResponse = z.object({ products: z.array(PlanView) });

/** GET billing/config: Stripe's publishable key for Elements' card field; null: the test card stands in. */
export const BillingConfigResponse = z.object({ stripePublishableKey: z.string().regex(/^pk_(test|live)_\w+$/).nullable() });

/**
 * A store's package. A store with 3 real staff or fewer has the free plan: expiration 'active', no
 * subscription and no period.
 */
export const PackageView = z.object({
  /** the subscription's id; null on the free plan */
  id: z.string().nullable(),
  /** the plan's id; null on the free plan */
  packageId: z.string().nullable(),
  product: z.string(),
  /** cents per month, 0 on the free plan */
  price: Cents,
  storeName: z.string(),
  /** 'active' while paid up (and on the free plan); otherwise the provider's status, e.g. 'past_due' */
  expiration: z.string(),
  current_period_start: UnixSeconds.nullable(),
  current_period_end: UnixSeconds.nullable(),
});
export type PackageView = z.infer<typeof PackageView>;

export const InvoiceView = z.object({
  id: z.string(),
  period_start: UnixSeconds,
  amount_paid: Cents,
  hosted_invoice_url: z.string().nullable(),
});
export const InvoicesResponse = z.object({ invoices: z.array(InvoiceView) });

export const PaymentMethodView = z.object({
  id: z.string(),
  card: z.object({
    last4: z.string().regex(/^\d{4}$/),
    brand: z.string(),
    /** the month and year the card expires (cards kept before these were read have none) */
    exp_month: z.number().int().min(1).max(12).optional(),
    exp_year: z.number().int().optional(),
  }),
});
export const PaymentMethodsResponse = z.object({
  paymentMethods: z.array(PaymentMethodView),
  /** the id of the primary payment method; null when there is none */
  default_source: z.string().nullable(),
});

/**
 * The local test-card field's tokens (stripe-mock cannot decline, so billing's Stripe adapter answers the
 * two decline tokens with the SDK's own StripeCardError): the screen's field and billing use these names.
 * They are Stripe's own test tokens, so the same names behave alike against a real test account.
 */
export const BILLING_TEST_TOKENS = {
  success: 'tok_visa',
  insufficientFunds: 'tok_chargeDeclinedInsufficientFunds',
  authenticationRequired: 'tok_threeDSecure2Required',
  /** any other decline: the issuer's message is answered as it is */
  declined: 'tok_chargeDeclined',
  /** a card on file that saves, then declines the no-show fee's charge (Stripe's own test token) */
  declinesOnCharge: 'tok_chargeCustomerFail',
} as const;
export type BillingTestToken = (typeof BILLING_TEST_TOKENS)[keyof typeof BILLING_TEST_TOKENS];

/** A card provider's id: letters, digits and underscores ('pm_...', 'card_...', 'tok_...', 'price_...'). */
const ProviderId = z.string().trim().min(1, 'is required').max(255).regex(/^[\w-]+$/, 'must be an id from the card provider');

export const SetDefaultPMBody = z.object({ pm_source: ProviderId });
export const SetDefaultPMResponse = z.object({ default_source: z.string() });

/** POST setupCard/{storeId}: a SetupIntent for a new card (the store's customer is made first if it has none). */
export const SetupCardBody = z.object({
  /** the owner's email, given to the store's customer at the provider when it is made */
  email: Email,
});
export const SetupCardResponse = z.object({
  setupIntentId: z.string(),
  /** what Stripe Elements confirms the card with in the browser */
  clientSecret: z.string(),
});

/**
 * POST addCard/{storeId}: keeps the card a SetupIntent saved. Stripe Elements confirms it in the browser;
 * the local test card sends its test token instead and the server confirms with it.
 */
export const AddCardBody = z.object({
  setupIntentId: ProviderId,
  token: ProviderId.optional(),
  /** the new card becomes the default (a replaced card); true unless said otherwise */
  makeDefault: z.boolean().default(true),
});

/** POST subscribe/{storeId}: the payment form (the card itself is the provider's token). */
export const SubscribeBody = z.object({
  stripeEmail: Email,
  stripeToken: ProviderId,
  full_name: z.string().trim().min(1, 'is required').max(200).prefault(''),
  line1: z.string().trim().min(1, 'is required').max(200).prefault(''),
  city: z.string().trim().min(1, 'is required').max(100).prefault(''),
  state: State,
  postal_code: Zip,
  /** required unless the store already has a plan */
  packageId: ProviderId.optional(),
});
export type SubscribeBody = z.infer<typeof SubscribeBody>;

/** A subscription as the super admin's list shows it. */
export const SubscriptionView = z.object({
  /** the store's id */
  id: z.number(),
  storeName: z.string(),
  product: z.string(),
  /** null when the store never subscribed (shown 'inactive') */
  expiration: z.string().nullable(),
  current_period_start: UnixSeconds.nullable(),
  current_period_end: UnixSeconds.nullable(),
});
export const AllSubscriptionsResponse = z.object({ client_ids: z.array(SubscriptionView) });

export { StoreIdParams } from './scheduling';

/** getMerchantTransactions/{dayStartMillis}: the store's local midnight in milliseconds. */
export const TransactionsParams = z.object({ dayStartMillis: numeric(z.number().int().nonnegative()) });
export const TransactionsQuery = z.object({ storeId: Id });
/** The card terminal's answer, in its own shape ({elements}), for the caller's store and day. */
export const TransactionsResponse = z.object({
  employees: z.object({
    elements: z.array(z.object({ id: z.string(), name: z.string(), nickname: z.string().nullable() })),
  }),
  transactions: z.object({
    elements: z.array(
      z.object({
        id: z.string(),
        /** cents */
        amount: z.number().int(),
        /** milliseconds since 1970 */
        clientCreatedTime: z.number().int(),
        /** looked up in employees.elements; null when taken on a terminal without a sign-in */
        employee: z.object({ id: z.string() }).nullable(),
      }),
    ),
  }),
});

/** Stripe's webhook: the raw signed payload; the handler verifies the signature, then reads the event. */
export const StripeWebhookBody = z.instanceof(Uint8Array, { error: 'must be the raw signed payload' });
export const WebhookReceived = z.object({ received: z.literal(true) });
