import StripeSdk from 'stripe';
import { BILLING_MESSAGES, ERROR_CODE_HEADER, type BodyOf, type ResponseOf } from '@turnbook/contracts';
import { AppError, conflict, reply, type Reply } from '@turnbook/service-kit';
import { firstInvoice } from '../invoices/first-invoice';
import type { InvoicesRepository } from '../invoices/repository';
import { packageOfStore, publishIfChanged, type PackagesDeps } from '../packages/packages';
import type { PaymentGateway } from '../stripe/gateway';
import { firstPeriod } from './periods';

export interface SubscribeDeps extends PackagesDeps {
  gateway: PaymentGateway;
  invoices: InvoicesRepository;
  now?: () => number;
}

type CardErrorCode = 'insufficientFunds' | 'authenticationRequired' | 'cardDeclined';

/** A card error as the payment form shows it: the spec's two texts, the issuer's message otherwise. */
export function cardErrorAnswer(err: StripeSdk.errors.StripeCardError): { code: CardErrorCode; text: string } {
  const reason = err.decline_code ?? err.code;
  if (reason === 'insufficient_funds') return { code: 'insufficientFunds', text: BILLING_MESSAGES.insufficientFunds };
  if (reason === 'authentication_required') return { code: 'authenticationRequired', text: BILLING_MESSAGES.authenticationRequired };
  return { code: 'cardDeclined', text: err.message || 'Your card was declined.' };
}

/**
 * subscribe/{storeId} (the owner): the store's customer at the card provider with the new card, then the
 * monthly subscription to the chosen plan. A card error answers 402 with a plain-text body the form
 * shows; the store's card and subscription are kept only once the provider said yes.
 */
export async function subscribe(
  deps: SubscribeDeps,
  storeId: number,
  body: BodyOf<'POST subscribe/{storeId}'>,
): Promise<ResponseOf<'POST subscribe/{storeId}'> | Reply<string>> {
  const now = Math.floor((deps.now?.() ?? Date.now()) / 1000);
  const existing = await deps.subs.byStore(storeId);
  if (existing?.subscriptionId && (existing.status === 'active' || existing.status === 'trialing')) {
    throw conflict('The store already has an active subscription', 'packageId');
  }
  const plan = body.packageId ? await deps.plans.byPackageId(body.packageId) : existing?.priceId ? await deps.plans.byPriceId(existing.priceId) : null;
  if (!plan) {
    if (body.packageId) throw new AppError('validation', 'packageId: is not a plan', 'packageId');
    throw new AppError('planRequired', BILLING_MESSAGES.planRequired, 'packageId');
  }
  if (!plan.priceId) throw new AppError('paymentProviderFailed', BILLING_MESSAGES.paymentProviderFailed);

  let customerId = existing?.customerId ?? null;
  try {
    const card = await deps.gateway.cardOfToken(body.stripeToken);
    customerId = await deps.gateway.upsertCustomer({
      storeId,
      customerId: existing?.customerId ?? null,
      email: body.stripeEmail,
      name: body.full_name,
      address: { line1: body.line1, city: body.city, state: body.state, postal_code: body.postal_code },
      token: body.stripeToken,
    });
    const sub = await deps.gateway.subscribe({ storeId, customerId, priceId: plan.priceId, token: body.stripeToken });
    await deps.subs.saveCustomer(storeId, customerId, card, now);
    const period = firstPeriod({ start: sub.current_period_start, end: sub.current_period_end }, now);
    await deps.subs.applyState(storeId, { subscriptionId: sub.id, priceId: plan.priceId, status: sub.status, periodStart: period.start, periodEnd: period.end, stateAt: now });
    const invoice = firstInvoice({ storeId, customerId, sub, planPrice: plan.price, period, now });
    if (invoice) await deps.invoices.save(invoice);
  } catch (err) {
    // The customer stays ours for the next attempt; a declined card is not kept as a payment method.
    if (customerId) await deps.subs.rememberCustomer(storeId, customerId);
    if (err instanceof StripeSdk.errors.StripeCardError) {
      const { code, text } = cardErrorAnswer(err);
      return reply(text, 402, { [ERROR_CODE_HEADER]: code });
    }
    if (err instanceof StripeSdk.errors.StripeError) {
      deps.log.warn({ err: err.message, type: err.type, storeId }, 'subscribe: the card provider refused');
      if (err instanceof StripeSdk.errors.StripeInvalidRequestError && err.param === 'source') throw new AppError('validation', 'stripeToken: is not a usable card', 'stripeToken');
      throw new AppError('paymentProviderFailed', BILLING_MESSAGES.paymentProviderFailed);
    }
    throw err;
  }
  await publishIfChanged(deps, storeId);
  const { free: _free, ...view } = await packageOfStore(deps, storeId);
  return { success: true, package: view };
}
