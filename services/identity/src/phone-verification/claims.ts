import type { TokenClaims } from '@turnbook/service-kit';
import type { UserDoc } from '../users/repository';

type PhoneOf = Pick<UserDoc, 'phone' | 'verifiedPhone'>;

/** A phone counts only once confirmed with a texted code, and only the number that was confirmed. */
export function isPhoneVerified(u: PhoneOf): boolean {
  return Boolean(u.phone) && u.verifiedPhone === u.phone;
}

/**
 * The token's phone claims: present only for a verified phone (a customer's appointments and the realtime
 * customer channel are scoped by it, so an unverified number must grant nothing).
 */
export function phoneClaims(u: PhoneOf): Pick<TokenClaims, 'phone' | 'phone_verified'> {
  return isPhoneVerified(u) ? { phone: u.phone, phone_verified: true } : {};
}

/** A new phone number is unverified until its own code comes back. */
export function phoneChangeResets(before: PhoneOf, set: { phone?: unknown }): { verifiedPhone?: null } {
  return typeof set.phone === 'string' && set.phone !== before.phone ? { verifiedPhone: null } : {};
}
