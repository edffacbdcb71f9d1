/** How long after registering in the booking flow a visitor without a token may act for that account. */
export const GUEST_ACCOUNT_FRESH_MS = 60 * 60 * 1000;

/** What a service knows of an account to tell whether it was just made in a guest's booking flow. */
export interface GuestAccountFacts {
  verified: boolean;
  /** When the account was registered (ISO time from identity). */
  createdAt: string | Date;
}

/**
 * Whether an account named without a token may stand for the visitor: registered within the hour and not
 * verified yet. A verified account signs in instead, so naming one proves nothing (docs/product/guest-booking.md).
 */
export function isFreshGuestAccount(a: GuestAccountFacts, now = Date.now()): boolean {
  return !a.verified && now - new Date(a.createdAt).getTime() < GUEST_ACCOUNT_FRESH_MS;
}
