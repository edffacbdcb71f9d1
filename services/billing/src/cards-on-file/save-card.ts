import { randomUUID } from 'node:crypto';
import StripeSdk from 'stripe';
import { BILLING_MESSAGES, MESSAGES, type BodyOf, type ResponseOf } from '@turnbook/contracts';
import { AppError, notFound, type Logger } from '@turnbook/service-kit';
import type { StoresRepository } from '../stores/repository';
import type { PaymentGateway } from '../stripe/gateway';
import { cardErrorAnswer } from '../subscribe/subscribe';
import type { CardsOnFileRepository } from './repository';

export interface CardOnFileDeps {
  cards: CardsOnFileRepository;
  stores: Pick<StoresRepository, 'byId'>;
  gateway: PaymentGateway;
  log: Logger;
}

function providerFailed(deps: CardOnFileDeps, err: unknown, storeId: number): never {
  if (!(err instanceof StripeSdk.errors.StripeError)) throw err;
  deps.log.warn({ err: err.message, type: err.type, storeId }, 'card on file: the card provider refused');
  throw new AppError('paymentProviderFailed', BILLING_MESSAGES.paymentProviderFailed);
}

/**
 * cardOnFile/setup: a SetupIntent for a salon customer's card (a card holder of its own at the provider),
 * which Stripe Elements confirms in the browser. Nothing is charged (docs/product/deposits.md).
 */
export async function setupCardOnFile(deps: CardOnFileDeps, body: BodyOf<'POST cardOnFile/setup'>): Promise<ResponseOf<'POST cardOnFile/setup'>> {
  const store = await deps.stores.byId(body.storeId);
  if (!store || store.status === 'OFF') throw notFound(MESSAGES.storeNotFound);
  try {
    const customerId = await deps.gateway.createCardHolder({ storeId: body.storeId, setupKey: randomUUID() });
    const si = await deps.gateway.createSetupIntent({ storeId: body.storeId, customerId });
    await deps.cards.start(si.id, body.storeId, customerId);
    return { setupIntentId: si.id, clientSecret: si.clientSecret };
  } catch (err) {
    return providerFailed(deps, err, body.storeId);
  }
}

/**
 * cardOnFile/save: keeps the card the store's SetupIntent saved; the booking then names it. A declined card
 * answers 402 with the seeds' card texts (insufficient funds, authentication required) or the issuer's.
 */
export async function saveCardOnFile(deps: CardOnFileDeps, body: BodyOf<'POST cardOnFile/save'>): Promise<ResponseOf<'POST cardOnFile/save'>> {
  const started = await deps.cards.byId(body.setupIntentId);
  if (!started || started.storeId !== body.storeId) throw new AppError('validation', 'setupIntentId: is not a card setup of this store', 'setupIntentId');
  if (started.status === 'saved') return { cardOnFile: { id: started._id, last4: started.last4 ?? '', brand: started.brand ?? '' } };
  let card;
  try {
    card = await deps.gateway.cardOfSetupIntent({ customerId: started.customerId, setupIntentId: started._id, token: body.token });
  } catch (err) {
    if (err instanceof StripeSdk.errors.StripeCardError) {
      const { code, text } = cardErrorAnswer(err);
      throw new AppError(code, text);
    }
    return providerFailed(deps, err, body.storeId);
  }
  if (!card) throw new AppError('validation', `setupIntentId: ${BILLING_MESSAGES.cardNotSaved}`, 'setupIntentId');
  await deps.cards.saved(started._id, { paymentMethodId: card.id, last4: card.last4, brand: card.brand });
  return { cardOnFile: { id: started._id, last4: card.last4, brand: card.brand } };
}
