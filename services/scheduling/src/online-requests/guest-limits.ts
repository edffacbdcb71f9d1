import { MESSAGES } from '@turnbook/contracts';
import { addressKey, type ExactWindowLimiter } from '@turnbook/service-kit';

/** Calls per window from one client address, for one phone, at one store. */
export interface GuestLimit {
  perAddress: number;
  perPhone: number;
  perStore: number;
}

export interface GuestLimitDeps {
  limiter: Pick<ExactWindowLimiter, 'take'>;
  guestLimits: { book: GuestLimit; log: GuestLimit };
}

type Scope = keyof GuestLimitDeps['guestLimits'];

/**
 * The booking page's writes need no token, so they are counted per client address and per store before
 * anything is looked up, and per phone once the visitor's account names it (docs/product/guest-booking.md).
 */
export const guestLimits = {
  byAddressAndStore: (deps: GuestLimitDeps, scope: Scope, input: { ip?: string; storeId: number }) =>
    deps.limiter.take(
      [[addressKey(scope, input.ip), deps.guestLimits[scope].perAddress], [`${scope}:store:${input.storeId}`, deps.guestLimits[scope].perStore]],
      MESSAGES.tooManyGuestRequests,
    ),
  byPhone: (deps: GuestLimitDeps, scope: Scope, phone: string) =>
    deps.limiter.take([[`${scope}:phone:${phone}`, deps.guestLimits[scope].perPhone]], MESSAGES.tooManyGuestRequests),
};
