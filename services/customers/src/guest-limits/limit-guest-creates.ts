import { CUSTOMERS_MESSAGES } from '@turnbook/contracts';
import type { Limit, RequestLimiter } from '@turnbook/service-kit';

export interface GuestLimits {
  /** Calls from one client address in the window (the booking page, every store). */
  perAddress: number;
  /** Calls for one phone number in the window, whoever makes them. */
  perPhone: number;
}

export type GuestLimitDeps = { guestCreates: Pick<RequestLimiter, 'take'>; limits: GuestLimits };

/**
 * Counts one create-or-find from outside the store (the booking flow, the kiosk) and refuses it, with the
 * wait, when the address or the phone used up its limit (the shared limiter: counts in the database, so
 * every instance counts the same calls). `address` is absent for the kiosk, the store's own tablet.
 */
export async function limitGuestCreate(deps: GuestLimitDeps, input: { address?: string; phone: string }): Promise<void> {
  const rules: Limit[] = [[`phone:${input.phone}`, deps.limits.perPhone]];
  if (input.address !== undefined) rules.push([`ip:${input.address || 'unknown'}`, deps.limits.perAddress]);
  await deps.guestCreates.take(rules, CUSTOMERS_MESSAGES.tooManyCustomerRequests);
}
