import { createHash } from 'node:crypto';
import StripeSdk from 'stripe';
import { BILLING_TEST_TOKENS } from '@turnbook/contracts';

/** A card as we keep it: the provider's card id, its last 4 digits and brand. */
export interface CardRef {
  id: string;
  last4: string;
  brand: string;
  exp_month?: number;
  exp_year?: number;
}

export interface CreatedSubscription {
  id: string;
  status: string;
  /** unix seconds, as Stripe answered them (stripe-mock answers fixed fixtures; see billing/periods.ts) */
  current_period_start: number | null;
  current_period_end: number | null;
  latestInvoice: { id: string; customer: string | null; status: string | null; amount_paid: number; amount_due: number; period_start: number; hosted_invoice_url: string | null } | null;
}

/**
 * What billing asks of the card provider. Every write carries an Idempotency-Key derived from our own
 * intent (store, token, plan), so a retried request never charges or subscribes twice.
 */
export interface PaymentGateway {
  createPlan(plan: { key: string; name: string; price: number }): Promise<{ productId: string; priceId: string }>;
  cardOfToken(token: string): Promise<CardRef>;
  upsertCustomer(input: { storeId: number; customerId: string | null; email: string; name: string; address: Address; token: string }): Promise<string>;
  subscribe(input: { storeId: number; customerId: string; priceId: string; token: string }): Promise<CreatedSubscription>;
  /** Makes a card the default: a saved PaymentMethod ('pm_') for invoices, or a legacy card source ('card_'). */
  setDefaultSource(input: { storeId: number; customerId: string; source: string; version: number }): Promise<void>;
  /** The store's customer for a card saved before any subscription. */
  createCustomer(input: { storeId: number; email: string }): Promise<string>;
  createSetupIntent(input: { storeId: number; customerId: string }): Promise<{ id: string; clientSecret: string }>;
  /**
   * The card a SetupIntent of this customer saved (confirmed first with a test token when one is given);
   * null when the SetupIntent is not this customer's or has saved no card.
   */
  cardOfSetupIntent(input: { customerId: string; setupIntentId: string; token?: string }): Promise<CardRef | null>;
  /** A customer at the provider for one salon customer's card on file (docs/product/deposits.md). */
  createCardHolder(input: { storeId: number; setupKey: string }): Promise<string>;
  /**
   * Charges a saved card off-session (the no-show fee) with an idempotency key derived from `key`: the same
   * key charges once, however often it is asked. Throws the SDK's StripeCardError on a decline.
   */
  chargeOffSession(input: { storeId: number; customerId: string; paymentMethodId: string; amount: number; key: string; description: string }): Promise<{ id: string; status: string }>;
  /** Checks a webhook's signature and answers the event it carries; throws when it does not verify. */
  verifyWebhook(payload: Buffer, signature: string | undefined): StripeSdk.Event;
}

export interface Address {
  line1: string;
  city: string;
  state: string;
  postal_code: string;
}

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** stripe-mock's address; set only locally */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

const keyOf = (...parts: Array<string | number>) => `tb-${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 40)}`;

/**
 * The two local test tokens stripe-mock cannot decline (it answers fixed fixtures): with a mock host set,
 * the subscription step raises the SDK's own StripeCardError, as real Stripe raises it for these tokens.
 */
function simulatedDecline(token: string): StripeSdk.errors.StripeCardError | null {
  const raw = (message: string, decline_code: string) =>
    new StripeSdk.errors.StripeCardError({ type: 'card_error', code: 'card_declined', decline_code, message } as StripeSdk.StripeRawError);
  if (token === BILLING_TEST_TOKENS.insufficientFunds) return raw('Your card has insufficient funds.', 'insufficient_funds');
  if (token === BILLING_TEST_TOKENS.authenticationRequired) return raw('Your card was declined. This transaction requires authentication.', 'authentication_required');
  if (token === BILLING_TEST_TOKENS.declined) return raw('Your card was declined.', 'generic_decline');
  return null;
}

/**
 * Stripe's test card that saves but declines every later charge: locally its card is Stripe's own test
 * PaymentMethod of that name, and charging it raises the SDK's decline (stripe-mock charges anything).
 */
const DECLINES_ON_CHARGE = 'pm_card_chargeCustomerFail';
function simulatedChargeDecline(paymentMethodId: string): StripeSdk.errors.StripeCardError | null {
  if (paymentMethodId !== DECLINES_ON_CHARGE) return null;
  return new StripeSdk.errors.StripeCardError({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } as StripeSdk.StripeRawError);
}

export function stripeGateway(opts: StripeGatewayOptions): PaymentGateway {
  const mock = Boolean(opts.host);
  const stripe = new StripeSdk(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(opts.host ? { host: opts.host, port: opts.port, protocol: opts.protocol ?? 'http' } : {}),
  });
  return {
    async createPlan(plan) {
      const product = await stripe.products.create({ name: plan.name, metadata: { plan: plan.key } }, { idempotencyKey: keyOf('product', plan.key) });
      const price = await stripe.prices.create(
        { product: product.id, unit_amount: plan.price, currency: 'usd', recurring: { interval: 'month' }, metadata: { plan: plan.key } },
        { idempotencyKey: keyOf('price', plan.key, plan.price) },
      );
      return { productId: product.id, priceId: price.id };
    },
    async cardOfToken(token) {
      const t = await stripe.tokens.retrieve(token);
      if (!t.card) throw new Error('the token carries no card');
      return { id: t.card.id, last4: t.card.last4, brand: t.card.brand, exp_month: t.card.exp_month, exp_year: t.card.exp_year };
    },
    async upsertCustomer({ storeId, customerId, email, name, address, token }) {
      const fields = { email, name, address: { ...address, country: 'US' }, source: token, metadata: { storeId: String(storeId) } };
      if (customerId) {
        await stripe.customers.update(customerId, fields, { idempotencyKey: keyOf('customer-update', storeId, customerId, token) });
        return customerId;
      }
      const created = await stripe.customers.create(fields, { idempotencyKey: keyOf('customer', storeId, token) });
      return created.id;
    },
    async subscribe({ storeId, customerId, priceId, token }) {
      const declined = mock ? simulatedDecline(token) : null;
      if (declined) throw declined;
      const sub = await stripe.subscriptions.create(
        { customer: customerId, items: [{ price: priceId }], payment_behavior: 'error_if_incomplete', metadata: { storeId: String(storeId) }, expand: ['latest_invoice'] },
        { idempotencyKey: keyOf('subscription', storeId, customerId, priceId, token) },
      );
      return subscriptionFacts(sub);
    },
    async setDefaultSource({ storeId, customerId, source, version }) {
      // Invoices charge invoice_settings' payment method before the default source: a card source as the
      // default clears it.
      const fields = source.startsWith('pm_')
        ? { invoice_settings: { default_payment_method: source } }
        : { default_source: source, invoice_settings: { default_payment_method: '' } };
      await stripe.customers.update(customerId, fields, { idempotencyKey: keyOf('default-source', storeId, customerId, source, version) });
    },
    async createCustomer({ storeId, email }) {
      const created = await stripe.customers.create({ email, metadata: { storeId: String(storeId) } }, { idempotencyKey: keyOf('customer-setup', storeId, email) });
      return created.id;
    },
    async createSetupIntent({ storeId, customerId }) {
      const si = await stripe.setupIntents.create({ customer: customerId, usage: 'off_session', metadata: { storeId: String(storeId) } });
      if (!si.client_secret) throw new Error('the SetupIntent has no client secret');
      return { id: si.id, clientSecret: si.client_secret };
    },
    async cardOfSetupIntent({ customerId, setupIntentId, token }) {
      let confirmed: StripeSdk.PaymentMethod | null = null;
      if (token) {
        const declined = mock ? simulatedDecline(token) : null;
        if (declined) throw declined;
        confirmed = await stripe.paymentMethods.create({ type: 'card', card: { token } });
        await stripe.setupIntents.confirm(setupIntentId, { payment_method: confirmed.id });
      }
      const si = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
      // stripe-mock answers a fixture SetupIntent (another customer, never succeeded): locally the card
      // is the one the confirm named.
      if (mock && confirmed && token === BILLING_TEST_TOKENS.declinesOnCharge) confirmed = { ...confirmed, id: DECLINES_ON_CHARGE };
      const pm = mock ? confirmed : si.status === 'succeeded' && idOf(si.customer) === customerId && typeof si.payment_method === 'object' ? si.payment_method : null;
      if (!pm?.card) return null;
      return { id: pm.id, last4: pm.card.last4, brand: pm.card.brand, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year };
    },
    async createCardHolder({ storeId, setupKey }) {
      const created = await stripe.customers.create({ metadata: { storeId: String(storeId), purpose: 'card-on-file' } }, { idempotencyKey: keyOf('card-holder', storeId, setupKey) });
      return created.id;
    },
    async chargeOffSession({ storeId, customerId, paymentMethodId, amount, key, description }) {
      const declined = mock ? simulatedChargeDecline(paymentMethodId) : null;
      if (declined) throw declined;
      const pi = await stripe.paymentIntents.create(
        { amount, currency: 'usd', customer: customerId, payment_method: paymentMethodId, off_session: true, confirm: true, description, metadata: { storeId: String(storeId), purpose: 'no-show-fee' } },
        { idempotencyKey: keyOf('no-show-fee', storeId, key) },
      );
      // stripe-mock answers a fixture PaymentIntent whatever was asked: locally an answer is a success.
      return { id: pi.id, status: mock ? 'succeeded' : pi.status };
    },
    verifyWebhook(payload, signature) {
      if (!opts.webhookSecret) throw new Error('no webhook secret is configured');
      if (!signature) throw new Error('no Stripe-Signature header');
      return stripe.webhooks.constructEvent(payload, signature, opts.webhookSecret);
    },
  };
}

/** The period of a subscription: on its first item since API 2025-03 (on the subscription itself before). */
export function periodOf(sub: StripeSdk.Subscription): { start: number | null; end: number | null } {
  const item = sub.items?.data?.[0] as (StripeSdk.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  return { start: item?.current_period_start ?? legacy.current_period_start ?? null, end: item?.current_period_end ?? legacy.current_period_end ?? null };
}

function subscriptionFacts(sub: StripeSdk.Subscription): CreatedSubscription {
  const period = periodOf(sub);
  const inv = typeof sub.latest_invoice === 'object' && sub.latest_invoice ? sub.latest_invoice : null;
  return {
    id: sub.id,
    status: sub.status,
    current_period_start: period.start,
    current_period_end: period.end,
    latestInvoice: inv
      ? { id: inv.id ?? '', customer: typeof inv.customer === 'string' ? inv.customer : (inv.customer?.id ?? null), status: inv.status ?? null, amount_paid: inv.amount_paid, amount_due: inv.amount_due, period_start: inv.period_start, hosted_invoice_url: inv.hosted_invoice_url ?? null }
      : null,
  };
}
