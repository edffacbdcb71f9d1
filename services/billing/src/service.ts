import { z } from 'zod';
import type { ServiceDefinition } from '@turnbook/service-kit';
import { billingConsumers } from './consumers';
import { InvoicesRepository } from './invoices/repository';
import { SubscriptionsRepository } from './packages/subscriptions';
import { PlansRepository } from './plans/repository';
import { syncPlans } from './plans/sync-plans';
import { CheckoutsRepository } from './read-models/payments';
import { StaffRepository } from './read-models/staff';
import { StoresRepository } from './read-models/stores';
import { billingHandlers } from './routes';
import { stripeGateway, type PaymentGateway } from './stripe/gateway';
import { demoTerminal } from './transactions/demo-terminal';
import type { CardTerminal } from './transactions/terminal';
import { WebhookEventsRepository } from './webhooks/processed';

const env = {
  /** Stripe's secret key; locally stripe-mock's, which accepts any sk_test_ key. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_... or sk_live_...)').default('sk_test_123'),
  /** The webhook endpoint's signing secret; without it every webhook call is refused. */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** stripe-mock's address (the launcher sets these); unset talks to Stripe itself. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** How often plans the card provider has not created yet are tried again. */
  PLAN_SYNC_RETRY_MS: z.coerce.number().int().positive().default(30_000),
};

/**
 * Billing: plans, each store's package (free tier by real staff count, subscriptions kept from subscribe's
 * answers and Stripe's webhook), invoices, cards, and the card terminal's payments (docs/product/billing.md).
 */
export function createBillingService(opts: { gateway?: PaymentGateway; terminal?: CardTerminal; now?: () => number } = {}): ServiceDefinition<typeof env> {
  return {
    name: 'billing',
    env,
    async build({ config, db, log, bus }) {
      if (config.NODE_ENV === 'production' && !config.STRIPE_API_HOST && config.STRIPE_SECRET_KEY === 'sk_test_123') {
        throw new Error('Invalid configuration for billing:\n  STRIPE_SECRET_KEY: must be set in production');
      }
      const stores = new StoresRepository(db, bus);
      const staff = new StaffRepository(db);
      const subs = new SubscriptionsRepository(db);
      const plans = new PlansRepository(db);
      const invoices = new InvoicesRepository(db);
      const processed = new WebhookEventsRepository(db);
      const checkouts = new CheckoutsRepository(db);
      await Promise.all([stores, staff, subs, plans, invoices, processed, checkouts].map((r) => r.model.init()));
      const gateway =
        opts.gateway ??
        stripeGateway({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          host: config.STRIPE_API_HOST,
          port: config.STRIPE_API_PORT,
          protocol: config.STRIPE_API_PROTOCOL,
        });
      const terminal = opts.terminal ?? demoTerminal({ checkouts, staff, stores });
      if (!opts.terminal && config.NODE_ENV === 'production') log.warn('no card terminal is configured: merchant transactions come from the demo terminal');

      // Plans the provider does not know yet are created now, and retried until they are.
      let retry: NodeJS.Timeout | undefined;
      if (!(await syncPlans({ plans, gateway, log }))) {
        retry = setInterval(() => {
          void syncPlans({ plans, gateway, log }).then((done) => done && clearInterval(retry));
        }, config.PLAN_SYNC_RETRY_MS);
        retry.unref();
      }

      const deps = { stores, staff, subs, plans, invoices, processed, checkouts, gateway, terminal, bus, log, now: opts.now };
      return {
        handlers: billingHandlers(deps),
        consumers: billingConsumers(deps),
        onStop: async () => clearInterval(retry),
      };
    },
  };
}

export const billingService = createBillingService();
