import type { CreatedSubscription } from '../stripe/gateway';
import { invoiceKey, type InvoiceDoc } from './repository';

/**
 * The first invoice of a subscription just created, as the store keeps it. Stripe answers the invoice of
 * the store's own customer; stripe-mock answers one fixture invoice for every subscription (another
 * customer, $10.00, a draft). An invoice of another customer is not believed: its amount is the plan's
 * price the subscription was created at (a new monthly subscription without a trial charges it whole).
 * An active subscription without a trial has paid its first invoice (Stripe's own rule); the webhook's
 * invoice events correct anything else.
 */
export function firstInvoice(input: {
  storeId: number;
  customerId: string;
  sub: CreatedSubscription;
  planPrice: number;
  period: { start: number };
  now: number;
}): InvoiceDoc | null {
  const { sub, customerId, now } = input;
  const inv = sub.latestInvoice;
  if (!inv?.id) return null;
  const believed = inv.customer === customerId;
  const paidUp = sub.status === 'active';
  const amount = !believed ? (paidUp ? input.planPrice : 0) : inv.status === 'paid' ? inv.amount_paid : paidUp ? inv.amount_due || input.planPrice : 0;
  return {
    _id: invoiceKey(customerId, inv.id),
    invoiceId: inv.id,
    customerId,
    subscriptionId: sub.id,
    storeId: input.storeId,
    period_start: believed && Math.abs(inv.period_start - now) <= 86_400 ? inv.period_start : input.period.start,
    amount_paid: amount,
    hosted_invoice_url: inv.hosted_invoice_url,
    status: paidUp ? 'paid' : inv.status,
    stateAt: now,
  };
}
