import { CUSTOMERS_MESSAGES } from '@turnbook/contracts';
import { AppError } from '@turnbook/service-kit';
import type { GuestCreateRepository } from './repository';

export interface GuestLimits {
  /** Calls from one client address in the window (the booking page, every store). */
  perAddress: number;
  /** Calls for one phone number in the window, whoever makes them. */
  perPhone: number;
  windowSeconds: number;
}

export type GuestLimitDeps = { guestCreates: GuestCreateRepository; limits: GuestLimits };

/** A 429 that says when to try again (body `retryAfter`, header Retry-After). */
export class GuestRateLimitedError extends AppError {
  override readonly headers: Record<string, string>;
  constructor(readonly retryAfterSeconds: number) {
    super('rateLimited', CUSTOMERS_MESSAGES.tooManyCustomerRequests);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
  override toBody() {
    return { ...super.toBody(), retryAfter: this.retryAfterSeconds };
  }
}

/**
 * Counts one create-or-find from outside the store (the booking flow, the kiosk) and refuses it when the
 * address or the phone used up its limit. The call is recorded before counting, so of many parallel calls
 * at most the limit pass. `address` is absent for the kiosk, the store's own tablet.
 */
export async function limitGuestCreate(deps: GuestLimitDeps, input: { address?: string; phone: string }): Promise<void> {
  const { guestCreates, limits } = deps;
  const now = new Date();
  const since = new Date(now.getTime() - limits.windowSeconds * 1000);
  const rules: Array<[string, number]> = [[`phone:${input.phone}`, limits.perPhone]];
  if (input.address !== undefined) rules.push([`ip:${input.address || 'unknown'}`, limits.perAddress]);
  await guestCreates.record(rules.map(([key]) => key), now);
  const counts = await Promise.all(rules.map(([key]) => guestCreates.count(key, since)));
  const over = rules.filter(([, limit], i) => counts[i] > limit);
  if (!over.length) {
    if (Math.random() < 0.05) await guestCreates.removeOlderThan(since);
    return;
  }
  const frees = await Promise.all(over.map(([key, limit]) => guestCreates.nthNewest(key, since, limit)));
  const waitMs = Math.max(...frees.map((at) => (at ? at.getTime() + limits.windowSeconds * 1000 - now.getTime() : 0)));
  throw new GuestRateLimitedError(Math.max(1, Math.ceil(waitMs / 1000)));
}
