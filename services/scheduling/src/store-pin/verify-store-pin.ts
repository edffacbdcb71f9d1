import type { Hasher } from '@turnbook/service-kit/hashing';
import { MESSAGES } from '@turnbook/contracts';
import { AppError, notFound } from '@turnbook/service-kit';
import type { StoreRepository } from '../stores/repository';
import type { PinFailureRepository } from './repository';

export interface PinLimits {
  /** Wrong PINs from one address for one store in the window. */
  perAddress: number;
  /** Wrong PINs for one store from every address together. */
  perStore: number;
  windowSeconds: number;
}

export interface VerifyStorePinDeps {
  stores: Pick<StoreRepository, 'byId'>;
  failures: PinFailureRepository;
  limits: PinLimits;
  pins: Hasher;
}

class PinThrottled extends AppError {
  override readonly headers: Record<string, string>;
  constructor(readonly retryAfterSeconds: number) {
    super('rateLimited', MESSAGES.storePinThrottled, 'PIN');
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
  override toBody() {
    return { ...super.toBody(), retryAfter: this.retryAfterSeconds };
  }
}

/**
 * Checks the store's PIN before a tablet leaves kiosk mode. Wrong PINs are counted per (store, address)
 * and per store; past either limit the PIN is not even checked (429 with the wait). A right PIN clears
 * that address's failures.
 */
export async function verifyStorePin(deps: VerifyStorePinDeps, input: { storeId: number; PIN: string; ip: string }): Promise<{ success: true }> {
  const { failures, limits } = deps;
  const ip = input.ip || 'unknown';
  const now = new Date();
  const since = new Date(now.getTime() - limits.windowSeconds * 1000);
  const rules: Array<[{ storeId: number; ip?: string }, number]> = [
    [{ storeId: input.storeId, ip }, limits.perAddress],
    [{ storeId: input.storeId }, limits.perStore],
  ];
  const counts = await Promise.all(rules.map(([filter]) => failures.count(filter, since)));
  const over = rules.filter(([, limit], i) => counts[i] >= limit);
  if (over.length) {
    const frees = await Promise.all(over.map(([filter, limit]) => failures.nthNewest(filter, since, limit)));
    const waitMs = Math.max(...frees.map((at) => (at ? at.getTime() + limits.windowSeconds * 1000 - now.getTime() : 0)));
    throw new PinThrottled(Math.max(1, Math.ceil(waitMs / 1000)));
  }

  const store = await deps.stores.byId(input.storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  if (!store.pinHash) throw new AppError('storePinNotSet', MESSAGES.storePinNotSet);
  if (!(await deps.pins.verify(store.pinHash, input.PIN))) {
    await failures.record(input.storeId, ip, now);
    throw new AppError('storePinWrong', MESSAGES.storePinWrong, 'PIN');
  }
  await failures.forget(input.storeId, ip, since);
  return { success: true };
}
