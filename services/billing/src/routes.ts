import type { Handlers } from '@turnbook/service-kit';
import { invoicesOf } from './invoices/invoices';
import type { AppointmentCardsRepository } from './cards-on-file/appointment-facts';
import { cardPolicyOf, setCardPolicy } from './cards-on-file/card-policy';
import type { CardsOnFileRepository } from './cards-on-file/cards-repository';
import type { CardPoliciesRepository } from './cards-on-file/policy-repository';
import { saveCardOnFile, setupCardOnFile } from './cards-on-file/save-card';
import type { NoShowChargesRepository } from './no-show/charges-repository';
import { chargeNoShowFee, noShowChargeOf } from './no-show/charge-no-show-fee';
import { addCard, setupCard } from './payment-methods/add-card';
import type { InvoicesRepository } from './invoices/repository';
import { allSubscriptions } from './packages/all-subscriptions';
import { packageOfStore, type PackagesDeps } from './packages/packages';
import { paymentMethodsOf, setDefaultPaymentMethod } from './payment-methods/payment-methods';
import { getAllPlans } from './plans/get-all-plans';
import type { PaymentGateway } from './stripe/gateway';
import { subscribe } from './subscribe/subscribe';
import { merchantTransactions } from './transactions/merchant-transactions';
import type { CardTerminal } from './transactions/terminal';
import type { WebhookEventsRepository } from './webhooks/processed';
import { handleStripeEvent, verifyStripeSignature } from './webhooks/stripe-webhook';

export interface BillingDeps extends PackagesDeps {
  gateway: PaymentGateway;
  invoices: InvoicesRepository;
  processed: WebhookEventsRepository;
  terminal: CardTerminal;
  /** Stripe's publishable key for the card field, null for the test card (card-config/publishable-key.ts). */
  publishableKey: string | null;
  policies: CardPoliciesRepository;
  cards: CardsOnFileRepository;
  appointmentCards: AppointmentCardsRepository;
  charges: NoShowChargesRepository;
  now?: () => number;
}

/** Billing's routes; who may call each is in libs/contracts' route table and checked by the router. */
export function billingHandlers(deps: BillingDeps): Handlers {
  return {
    'GET getAllPlans': () => getAllPlans(deps),
    'GET getPackageByStoreId/{storeId}': async ({ params }) => {
      const { free: _free, ...view } = await packageOfStore(deps, params.storeId);
      return view;
    },
    'GET getInvoicesByStoreId/{storeId}': ({ params }) => invoicesOf(deps, params.storeId),
    'GET getPMByStoreId/{storeId}': ({ params }) => paymentMethodsOf(deps, params.storeId),
    'POST setDefaultPMByStoreId/{storeId}': ({ params, body }) => setDefaultPaymentMethod(deps, params.storeId, body.pm_source),
    'POST subscribe/{storeId}': ({ params, body }) => subscribe(deps, params.storeId, body),
    'POST setupCard/{storeId}': ({ params, body }) => setupCard(deps, params.storeId, body),
    'POST addCard/{storeId}': ({ params, body }) => addCard(deps, params.storeId, body),
    'GET getAllSub': () => allSubscriptions(deps),
    'GET getMerchantTransactions/{dayStartMillis}': ({ params, query }) => merchantTransactions(deps, query.storeId, params.dayStartMillis),
    'GET public_getCardPolicy/{storeId}': ({ params }) => cardPolicyOf(deps, params.storeId),
    'PUT cardPolicy/{storeId}': ({ params, body }) => setCardPolicy(deps, params.storeId, body),
    'POST cardOnFile/setup': ({ body }) => setupCardOnFile(deps, body),
    'POST cardOnFile/save': ({ body }) => saveCardOnFile(deps, body),
    'POST chargeNoShowFee/{appointmentId}': ({ params, body, caller }) => chargeNoShowFee(deps, params.appointmentId, body, caller?.userId ?? 0),
    'GET getNoShowFee/{appointmentId}': ({ params, query }) => noShowChargeOf(deps, params.appointmentId, query.storeId),
    'GET billing/config': async () => ({ stripePublishableKey: deps.publishableKey }),
    'POST webhooks/stripe': { before: [verifyStripeSignature(deps.gateway)], handle: ({ body }) => handleStripeEvent(deps, body) },
  };
}
