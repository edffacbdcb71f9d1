import StripeSdk from 'stripe';
import { BILLING_MESSAGES, type BodyOf, type ResponseOf } from '@turnbook/contracts';
import { AppError, type Logger } from '@turnbook/service-kit';
import type { SubscriptionsRepository } from '../packages/repository';
import type { PaymentGateway } from '../stripe/gateway';
import { cardErrorAnswer } from '../subscribe/subscribe';
import { paymentMethodsOf, setDefaultPaymentMethod } from './payment-methods';

export interface CardDeps {
  subs: SubscriptionsRepository;
  gateway: PaymentGateway;
  log: Logger;
  now?: () => number;
}

function providerFailed(deps: CardDeps, err: unknown, storeId: number): never {
  if (!(err instanceof StripeSdk.errors.StripeError)) throw err;
  deps.log.warn({ err: err.message, type: err.type, storeId }, 'card: the card provider refused');
  throw new AppError('paymentProviderFailed', BILLING_MESSAGES.paymentProviderFailed);
}

/**
 * setupCard/{storeId} (the owner): a SetupIntent for a new card of the store's customer, made first when
 * the store never had one. Stripe Elements confirms it in the browser with its client secret.
 */
export async function setupCard(deps: CardDeps, storeId: number, body: BodyOf<'POST setupCard/{storeId}'>): Promise<ResponseOf<'POST setupCard/{storeId}'>> {
  try {
    let customerId = (await deps.subs.byStore(storeId))?.customerId;
    if (!customerId) {
      customerId = await deps.gateway.createCustomer({ storeId, email: body.email });
      await deps.subs.rememberCustomer(storeId, customerId);
    }
    const si = await deps.gateway.createSetupIntent({ storeId, customerId });
    return { setupIntentId: si.id, clientSecret: si.clientSecret };
  } catch (err) {
    return providerFailed(deps, err, storeId);
  }
}

/**
 * addCard/{storeId} (the owner): keeps the card the store's SetupIntent saved and, unless told otherwise,
 * makes it the default (a card replaced before it expires). A declined card answers 402 with subscribe's
 * codes and texts.
 */
export async function addCard(
  deps: CardDeps,
  storeId: number,
  body: BodyOf<'POST addCard/{storeId}'>,
): Promise<ResponseOf<'POST addCard/{storeId}'>> {
  const sub = await deps.subs.byStore(storeId);
  if (!sub?.customerId) throw new AppError('validation', 'setupIntentId: is not a card setup of this store', 'setupIntentId');
  let card;
  try {
    card = await deps.gateway.cardOfSetupIntent({ customerId: sub.customerId, setupIntentId: body.setupIntentId, token: body.token });
  } catch (err) {
    if (err instanceof StripeSdk.errors.StripeCardError) {
      const { code, text } = cardErrorAnswer(err);
      throw new AppError(code, text);
    }
    if (err instanceof StripeSdk.errors.StripeInvalidRequestError) throw new AppError('validation', 'setupIntentId: is not a card setup of this store', 'setupIntentId');
    return providerFailed(deps, err, storeId);
  }
  if (!card) throw new AppError('validation', `setupIntentId: ${BILLING_MESSAGES.cardNotSaved}`, 'setupIntentId');
  await deps.subs.addCard(storeId, card);
  if (body.makeDefault) await setDefaultPaymentMethod(deps, storeId, card.id);
  return paymentMethodsOf(deps, storeId);
}
