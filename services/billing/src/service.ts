import type { Job, ServiceDefinition } from '@turnbook/service-kit';
import { publishableKeyFor } from './card-config/publishable-key';
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
import { AppointmentCardsRepository } from './cards-on-file/appointment-facts';
import { CardsOnFileRepository } from './cards-on-file/cards-repository';
import { CardPoliciesRepository } from './cards-on-file/policy-repository';
import { NoShowChargesRepository } from './no-show/charges-repository';
import { billingEnv } from './config';

/**
 * Billing: plans, each store's package (free tier by real staff count, subscriptions kept from subscribe's
 * answers and Stripe's webhook), invoices, cards, and the card terminal's payments (docs/product/billing.md).
 */
export function createBillingService(opts: { gateway?: PaymentGateway; terminal?: CardTerminal; now?: () => number } = {}): ServiceDefinition<typeof billingEnv> {
  return {
    name: 'billing',
    env: billingEnv,
    async build({ config, db, log, bus }) {
      if (config.NODE_ENV === 'production' && !config.STRIPE_API_HOST && config.STRIPE_SECRET_KEY === 'sk_test_123') {
        throw new Error('Invalid configuration for billing:\n  STRIPE_SECRET_KEY: must be set in production');
      }
      const publishableKey = publishableKeyFor(config);
      const stores = new StoresRepository(db, bus);
      const staff = new StaffRepository(db);
      const subs = new SubscriptionsRepository(db);
      const plans = new PlansRepository(db);
      const invoices = new InvoicesRepository(db);
      const processed = new WebhookEventsRepository(db);
      const checkouts = new CheckoutsRepository(db);
      const policies = new CardPoliciesRepository(db, bus);
      const cards = new CardsOnFileRepository(db);
      const appointmentCards = new AppointmentCardsRepository(db);
      const charges = new NoShowChargesRepository(db, bus);
      await Promise.all([stores, staff, subs, plans, invoices, processed, checkouts, policies, cards, appointmentCards, charges].map((r) => r.model.init()));
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

      // Plans the provider does not know yet are created now, and retried until they are: by a job, once per
      // cluster (docs/decisions.md "one job runner"), which each instance leaves once it saw them all synced.
      let retry: Job | undefined;
      if (!(await syncPlans({ plans, gateway, log }))) {
        retry = await bus.every('plan-sync-retry', config.PLAN_SYNC_RETRY_MS, async () => {
          if (await syncPlans({ plans, gateway, log })) retry?.stop();
        });
      }

      const deps = { stores, staff, subs, plans, invoices, processed, checkouts, gateway, terminal, bus, log, now: opts.now, publishableKey, policies, cards, appointmentCards, charges };
      return {
        handlers: billingHandlers(deps),
        consumers: billingConsumers(deps),
        onStop: async () => retry?.stop(),
      };
    },
  };
}

export const billingService = createBillingService();
