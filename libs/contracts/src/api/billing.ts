import { z } from 'zod';
import * as b from '../schemas/billing';
import { BILLING_MESSAGES } from '../errors/billing';
import type { RouteSchemas } from './types';

/**
 * POST subscribe answers a card error as a plain text (the spec's payment form shows it as it is): the two
 * texts of BILLING_MESSAGES or the issuer's own decline message, with status 402 and the code in the
 * `x-error-code` header; otherwise { success, package }.
 */
export const SubscribeResponse = z.union([
  z.object({ success: z.literal(true), package: b.PackageView }),
  z.literal(BILLING_MESSAGES.insufficientFunds),
  z.literal(BILLING_MESSAGES.authenticationRequired),
  z.string().min(1),
]);

/** Request and response schemas of the billing routes, keyed like the route table. */
export const BILLING_API = {
  'GET getAllPlans': { response: b.PlansResponse },
  'GET getPackageByStoreId/{storeId}': { params: b.StoreIdParams, response: b.PackageView },
  'GET getInvoicesByStoreId/{storeId}': { params: b.StoreIdParams, response: b.InvoicesResponse },
  'GET getPMByStoreId/{storeId}': { params: b.StoreIdParams, response: b.PaymentMethodsResponse },
  'POST setDefaultPMByStoreId/{storeId}': { params: b.StoreIdParams, body: b.SetDefaultPMBody, response: b.SetDefaultPMResponse },
  'POST subscribe/{storeId}': { params: b.StoreIdParams, body: b.SubscribeBody, response: SubscribeResponse },
  'POST setupCard/{storeId}': { params: b.StoreIdParams, body: b.SetupCardBody, response: b.SetupCardResponse },
  'POST addCard/{storeId}': { params: b.StoreIdParams, body: b.AddCardBody, response: b.PaymentMethodsResponse },
  'GET getAllSub': { response: b.AllSubscriptionsResponse },
  'GET getMerchantTransactions/{dayStartMillis}': { params: b.TransactionsParams, query: b.TransactionsQuery, response: b.TransactionsResponse },
  'GET billing/config': { response: b.BillingConfigResponse },
  'POST webhooks/stripe': { body: b.StripeWebhookBody, response: b.WebhookReceived },
  'GET public_getCardPolicy/{storeId}': { params: b.StoreIdParams, response: b.CardPolicyView },
  'PUT cardPolicy/{storeId}': { params: b.StoreIdParams, body: b.CardPolicyBody, response: b.CardPolicyView },
  'POST cardOnFile/setup': { body: b.CardOnFileSetupBody, response: b.CardOnFileSetupResponse },
  'POST cardOnFile/save': { body: b.CardOnFileSaveBody, response: b.CardOnFileSaveResponse },
  'POST chargeNoShowFee/{appointmentId}': { params: b.NoShowParams, body: b.NoShowChargeBody, response: b.NoShowChargeResponse },
  'GET getNoShowFee/{appointmentId}': { params: b.NoShowParams, query: b.NoShowQuery, response: b.NoShowStatusResponse },
} as const satisfies Record<string, RouteSchemas>;
