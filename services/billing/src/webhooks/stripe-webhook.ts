import type { NextFunction, Request, Response } from 'express';
import type StripeSdk from 'stripe';
import { BILLING_MESSAGES, type ResponseOf } from '@turnbook/contracts';
import { AppError, rawBodyOf } from '@turnbook/service-kit';
import { invoiceKey, type InvoicesRepository } from '../invoices/repository';
import { publishIfChanged, type PackagesDeps } from '../packages/packages';
import { periodOf, type PaymentGateway } from '../stripe/gateway';
import type { WebhookEventsRepository } from './repository';

/**
 * Checks Stripe-Signature over the raw bytes with the SDK before anything is read or written; an unsigned
 * or forged call is refused with 400 and changes nothing. The verified bytes go on as the body.
 */
export function verifyStripeSignature(gateway: PaymentGateway) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const raw = rawBodyOf(req);
    try {
      if (!raw) throw new Error('no JSON body');
      gateway.verifyWebhook(raw, req.get('stripe-signature'));
    } catch {
      return next(new AppError('webhookSignature', BILLING_MESSAGES.webhookSignature, 'stripe-signature'));
    }
    req.body = raw;
    next();
  };
}

export interface WebhookDeps extends PackagesDeps {
  invoices: InvoicesRepository;
  processed: WebhookEventsRepository;
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** The store a provider object belongs to: by our records first, else by the storeId we put in its metadata. */
async function storeOf(deps: WebhookDeps, ref: { customerId: string | null; subscriptionId?: string | null; metadata?: StripeSdk.Metadata | null }) {
  const known = await deps.subs.storeOf(ref);
  if (known !== null) return known;
  const fromMeta = Number(ref.metadata?.storeId);
  if (!Number.isSafeInteger(fromMeta) || fromMeta <= 0 || !ref.customerId) return null;
  // A store that already has another customer keeps it: the metadata never moves a store to a new one.
  const held = await deps.subs.byStore(fromMeta);
  if (held) return held.customerId === ref.customerId ? fromMeta : null;
  await deps.subs.rememberCustomer(fromMeta, ref.customerId);
  return fromMeta;
}

async function applySubscription(deps: WebhookDeps, event: StripeSdk.Event, sub: StripeSdk.Subscription) {
  const storeId = await storeOf(deps, { customerId: idOf(sub.customer), subscriptionId: sub.id, metadata: sub.metadata });
  if (storeId === null) return deps.log.info({ event: event.id, subscription: sub.id }, 'subscription event for no store of ours');
  const period = periodOf(sub);
  const applied = await deps.subs.applyState(storeId, {
    subscriptionId: sub.id,
    priceId: sub.items?.data?.[0]?.price?.id ?? null,
    status: event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status,
    periodStart: period.start,
    periodEnd: period.end,
    stateAt: event.created,
  });
  if (applied) await publishIfChanged(deps, storeId);
}

async function applyInvoice(deps: WebhookDeps, event: StripeSdk.Event, inv: StripeSdk.Invoice) {
  const customerId = idOf(inv.customer);
  const storeId = await storeOf(deps, { customerId, metadata: inv.metadata });
  if (storeId === null || !inv.id || !customerId) return deps.log.info({ event: event.id }, 'invoice event for no store of ours');
  const subscriptionId = idOf((inv as { subscription?: string | { id: string } | null }).subscription ?? inv.parent?.subscription_details?.subscription);
  await deps.invoices.save({
    _id: invoiceKey(customerId, inv.id), invoiceId: inv.id, customerId, subscriptionId, storeId, period_start: inv.period_start, amount_paid: inv.amount_paid, hosted_invoice_url: inv.hosted_invoice_url ?? null,
    status: inv.status ?? null, stateAt: event.created,
  });
}

async function applyCustomer(deps: WebhookDeps, event: StripeSdk.Event, customer: StripeSdk.Customer) {
  const storeId = await deps.subs.storeOf({ customerId: customer.id });
  if (storeId === null) return;
  // A saved PaymentMethod as the invoices' default comes before a legacy default source (Stripe's order).
  const pm = idOf(customer.invoice_settings?.default_payment_method as string | { id: string } | null | undefined);
  await deps.subs.applyDefaultSource(storeId, pm ?? idOf(customer.default_source as string | { id: string } | null), event.created);
}

/**
 * One verified Stripe event, applied once (its id is noted after it is applied; a redelivery finds it),
 * in any order: every record keeps the time its state was true at Stripe and an older event never
 * overwrites a newer state.
 */
export async function handleStripeEvent(deps: WebhookDeps, payload: Uint8Array): Promise<ResponseOf<'POST webhooks/stripe'>> {
  const event = JSON.parse(Buffer.from(payload).toString('utf8')) as StripeSdk.Event;
  if (await deps.processed.seen(event.id)) return { received: true };
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      await applySubscription(deps, event, event.data.object);
      break;
    case 'invoice.created':
    case 'invoice.finalized':
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
    case 'invoice.updated':
    case 'invoice.voided':
      await applyInvoice(deps, event, event.data.object);
      break;
    case 'customer.updated':
      await applyCustomer(deps, event, event.data.object);
      break;
    default:
      break;
  }
  await deps.processed.note(event.id, event.type);
  return { received: true };
}
