import StripeSdk from 'stripe';
import { BILLING_MESSAGES, type BodyOf, type ResponseOf } from '@turnbook/contracts';
import { DEFAULT_TIME_ZONE, noShowProblem } from '@turnbook/domain';
import { AppError, type EventBus, type Logger } from '@turnbook/service-kit';
import type { AppointmentFactDoc } from '../cards-on-file/appointment-facts';
import type { CardsOnFileRepository } from '../cards-on-file/repository';
import type { CardPoliciesRepository } from '../card-policy/repository';
import type { StoresRepository } from '../stores/repository';
import type { PaymentGateway } from '../stripe/gateway';
import { cardErrorAnswer } from '../subscribe/subscribe';
import { noShowChargedEvent } from './events';
import type { NoShowChargeDoc, NoShowChargesRepository } from './repository';

export interface NoShowDeps {
  cards: Pick<CardsOnFileRepository, 'byId'>;
  policies: Pick<CardPoliciesRepository, 'of'>;
  stores: Pick<StoresRepository, 'byId'>;
  charges: NoShowChargesRepository;
  gateway: PaymentGateway;
  bus: EventBus;
  log: Logger;
  now?: () => number;
}

/** A charge left pending this long (the instance died while the provider was asked) is asked again, with the same key. */
const STALE_PENDING_MS = 30_000;

type ChargeAnswer = ResponseOf<'POST chargeNoShowFee/{appointmentId}'>;

const answerOf = (c: NoShowChargeDoc): ChargeAnswer => ({
  charge: { appointmentId: c._id, amount: c.amount, status: c.status === 'declined' ? 'declined' : 'succeeded', message: c.message, last4: c.last4, chargedAt: c.chargedAt },
});

/**
 * chargeNoShowFee/{appointmentId} (the owner): the store's no-show fee, charged off-session to the card the
 * appointment holds, once its start has passed. Once only: the charge's record is inserted first (unique by
 * appointment) and the provider is asked with a key derived from the appointment, so a second click answers
 * the first charge. The result goes to the activity log (scheduling hears billing.no_show_charged) and, when
 * paid, to merchant transactions. The appointment is the router's record: the store's own, not deleted.
 */
export async function chargeNoShowFee(deps: NoShowDeps, appointment: AppointmentFactDoc, body: BodyOf<'POST chargeNoShowFee/{appointmentId}'>, by: number): Promise<ChargeAnswer> {
  const appointmentId = appointment._id;
  const earlier = await deps.charges.byAppointment(appointmentId);
  if (earlier && earlier.status !== 'pending') return answerOf(earlier);

  const [policy, store, card] = await Promise.all([deps.policies.of(body.storeId), deps.stores.byId(body.storeId), appointment.cardOnFile ? deps.cards.byId(appointment.cardOnFile) : null]);
  const saved = card?.status === 'saved' && card.storeId === body.storeId && card.paymentMethodId ? card : null;
  const now = deps.now?.() ?? Date.now();
  const problem = noShowProblem({ date: appointment.date, start: appointment.start, zone: store?.timezone || DEFAULT_TIME_ZONE, feeCents: policy.noShowFee, hasCard: !!saved, now });
  if (problem) throw new AppError(problem, BILLING_MESSAGES[problem]);

  const began = await deps.charges.begin({ _id: appointmentId, storeId: body.storeId, amount: policy.noShowFee, last4: saved!.last4 ?? '', chargedBy: by, chargedAt: new Date(now).toISOString() });
  const charge = began ? null : await settledCharge(deps, appointmentId);
  if (charge && charge.status !== 'pending') return answerOf(charge);
  if (charge && now - Date.parse(charge.chargedAt) < STALE_PENDING_MS) throw new AppError('idempotencyInProgress', 'The no-show fee is being charged');
  const amount = charge?.amount ?? policy.noShowFee;

  const result = await ask(deps, { storeId: body.storeId, customerId: saved!.customerId, paymentMethodId: saved!.paymentMethodId!, amount, appointmentId });
  await deps.charges.finish(
    appointmentId,
    result,
    noShowChargedEvent(deps.bus, {
      storeId: body.storeId, appointmentId, amount, status: result.status, message: result.message, last4: saved!.last4 ?? '', chargedBy: charge?.chargedBy ?? by,
    }),
  );
  return answerOf((await deps.charges.byAppointment(appointmentId))!);
}

/** A charge another request began (a second click): its answer once the provider gave it, waited for a few seconds. */
async function settledCharge(deps: NoShowDeps, appointmentId: number): Promise<NoShowChargeDoc | null> {
  for (let i = 0; i < 50; i++) {
    const c = await deps.charges.byAppointment(appointmentId);
    if (!c || c.status !== 'pending') return c;
    await new Promise((r) => setTimeout(r, 100));
  }
  return deps.charges.byAppointment(appointmentId);
}

/** The provider's answer: paid, or declined with the seeds' card text (insufficient funds, authentication) or the issuer's. */
async function ask(deps: NoShowDeps, c: { storeId: number; customerId: string; paymentMethodId: string; amount: number; appointmentId: number }) {
  try {
    const pi = await deps.gateway.chargeOffSession({ ...c, key: `appointment-${c.appointmentId}`, description: `No-show fee, appointment #${c.appointmentId}` });
    return { status: 'succeeded' as const, message: BILLING_MESSAGES.noShowCharged, paymentIntentId: pi.id };
  } catch (err) {
    if (err instanceof StripeSdk.errors.StripeCardError) return { status: 'declined' as const, message: cardErrorAnswer(err).text, paymentIntentId: null };
    if (!(err instanceof StripeSdk.errors.StripeError)) throw err;
    deps.log.warn({ err: err.message, type: err.type, storeId: c.storeId }, 'no-show fee: the card provider refused');
    throw new AppError('paymentProviderFailed', BILLING_MESSAGES.paymentProviderFailed);
  }
}

/** getNoShowFee/{appointmentId}: the charge made for it, or null (another store's appointment has none). */
export async function noShowChargeOf(deps: Pick<NoShowDeps, 'charges'>, appointmentId: number, storeId: number): Promise<ResponseOf<'GET getNoShowFee/{appointmentId}'>> {
  const c = await deps.charges.byAppointment(appointmentId);
  return { charge: c && c.storeId === storeId && c.status !== 'pending' ? answerOf(c).charge : null };
}
