import type { ResponseOf } from '@turnbook/contracts';
import { AppError, type Logger } from '@turnbook/service-kit';
import StripeSdk from 'stripe';
import { BILLING_MESSAGES } from '@turnbook/contracts';
import type { SubscriptionsRepository } from '../packages/repository';
import type { PaymentGateway } from '../stripe/gateway';

/** getPMByStoreId: the store's cards (last 4 digits) and which one is the default, from our records. */
export async function paymentMethodsOf(deps: { subs: SubscriptionsRepository }, storeId: number): Promise<ResponseOf<'GET getPMByStoreId/{storeId}'>> {
  const sub = await deps.subs.byStore(storeId);
  return {
    paymentMethods: (sub?.cards ?? []).map((c) => ({ id: c.id, card: { last4: c.last4, brand: c.brand, exp_month: c.exp_month, exp_year: c.exp_year } })),
    default_source: sub?.defaultSource ?? null,
  };
}

/** setDefaultPMByStoreId: one of the store's own cards becomes the default, at the provider and here. */
export async function setDefaultPaymentMethod(
  deps: { subs: SubscriptionsRepository; gateway: PaymentGateway; log: Logger; now?: () => number },
  storeId: number,
  source: string,
): Promise<ResponseOf<'POST setDefaultPMByStoreId/{storeId}'>> {
  const sub = await deps.subs.byStore(storeId);
  if (!sub || !sub.cards.some((c) => c.id === source)) throw new AppError('validation', 'pm_source: is not a card of this store', 'pm_source');
  if (sub.defaultSource === source) return { default_source: source };
  const version = sub.sourceVersion + 1;
  try {
    await deps.gateway.setDefaultSource({ storeId, customerId: sub.customerId, source, version });
  } catch (err) {
    if (!(err instanceof StripeSdk.errors.StripeError)) throw err;
    deps.log.warn({ err: err.message, storeId }, 'setDefaultPM: the card provider refused');
    throw new AppError('paymentProviderFailed', BILLING_MESSAGES.paymentProviderFailed);
  }
  await deps.subs.setDefaultSource(storeId, source, Math.floor((deps.now?.() ?? Date.now()) / 1000), version);
  return { default_source: source };
}
