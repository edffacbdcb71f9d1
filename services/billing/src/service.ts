import type { Job, ServiceDefinition } from '@turnbook/service-kit';
import { publishableKeyFor } from './card-config/publishable-key';
import { cardConfigRoutes } from './card-config/routes';
import { CardPoliciesRepository } from './card-policy/repository';
import { cardPolicyRoutes } from './card-policy/routes';
import { AppointmentCardsRepository, type AppointmentFactDoc } from './cards-on-file/appointment-facts';
import { CardsOnFileRepository } from './cards-on-file/repository';
import { cardOnFileRoutes } from './cards-on-file/routes';
import { InvoicesRepository } from './invoices/repository';
import { invoiceRoutes } from './invoices/routes';
import { NoShowChargesRepository } from './no-show/repository';
import { noShowRoutes } from './no-show/routes';
import { publishIfChanged } from './packages/packages';
import { SubscriptionsRepository } from './packages/repository';
import { packageRoutes } from './packages/routes';
import { paymentMethodRoutes } from './payment-methods/routes';
import { PlansRepository } from './plans/repository';
import { planRoutes } from './plans/routes';
import { syncPlans } from './plans/sync-plans';
import { StaffRepository } from './staff/repository';
import { StoresRepository } from './stores/repository';
import { stripeGateway, type PaymentGateway } from './stripe/gateway';
import { subscribeRoutes } from './subscribe/routes';
import { demoTerminal } from './transactions/demo-terminal';
import { CheckoutsRepository } from './transactions/repository';
import { transactionRoutes } from './transactions/routes';
import type { CardTerminal } from './transactions/terminal';
import { WebhookEventsRepository } from './webhooks/repository';
import { webhookRoutes } from './webhooks/routes';
import { billingEnv } from './config';

/** The records billing's routes act on, as its loaders return them (the router holds them to the call's store). */
declare module '@turnbook/service-kit' {
  interface RecordTypes {
    appointment: AppointmentFactDoc;
  }
}

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

      const deps = { stores, staff, subs, plans, invoices, processed, checkouts, gateway, terminal, bus, log, now: opts.now, publishableKey, policies, cards, charges };
      return {
        // Who may call each route is in libs/contracts' route table and checked by the router.
        handlers: {
          ...planRoutes(deps),
          ...packageRoutes(deps),
          ...invoiceRoutes(deps),
          ...paymentMethodRoutes(deps),
          ...subscribeRoutes(deps),
          ...transactionRoutes(deps),
          ...cardPolicyRoutes(deps),
          ...cardOnFileRoutes(deps),
          ...noShowRoutes(deps),
          ...cardConfigRoutes(deps),
          ...webhookRoutes(deps),
        },
        loaders: { appointment: (id) => appointmentCards.current(id) },
        // Read models of other services' events: store names and zones, real staff per store (a store
        // crossing 3 staff gains or loses the free plan, and others are told), checked-out appointments
        // (the demo terminal's payments) and those holding a card on file (the no-show fee).
        consumers: {
          'billing-stores': async (env) => {
            await stores.apply(env);
            await publishIfChanged(deps, env.data.storeId);
          },
          'billing-staff': async (env) => {
            if (await staff.apply(env)) await publishIfChanged(deps, env.data.storeId);
          },
          'billing-appointment-created': async (env) => {
            await checkouts.apply(env);
            await appointmentCards.apply(env);
          },
          'billing-appointment-updated': async (env) => {
            await checkouts.apply(env);
            await appointmentCards.apply(env);
          },
          'billing-appointment-deleted': async (env) => {
            await checkouts.apply(env, true);
            await appointmentCards.apply(env, true);
          },
        },
        onStop: async () => retry?.stop(),
      };
    },
  };
}

export const billingService = createBillingService();
