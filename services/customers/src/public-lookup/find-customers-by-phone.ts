import { MESSAGES } from '@turnbook/contracts';
import { addressKey, type Caller, type RequestLimiter } from '@turnbook/service-kit';
import { accountProving } from '../accounts/proven-phone';
import type { CustomerRepository } from '../customers/repository';

/** Lookups per window from one client address, for one phone, at one store (the booking page, no token). */
export interface LookupLimits {
  perAddress: number;
  perPhone: number;
  perStore: number;
}

export interface FindCustomersDeps {
  customers: Pick<CustomerRepository, 'storeExists' | 'findByPhone' | 'linkAccount'>;
  limiter: Pick<RequestLimiter, 'take'>;
  lookupLimits: LookupLimits;
}

/**
 * The booking page's lookup by phone: only the id and the favourite-staff choice, nothing else about
 * the customer. Several customers may share a phone (family members); all are listed, oldest first.
 * It answers only a signed-in caller looking up their own verified phone; anyone else gets an empty list,
 * as for an unknown phone, so a visitor cannot learn which numbers are a salon's customers (a guest gets
 * their customer id from the booking flow's POST customer instead: docs/decisions.md). Rate limited per
 * client address, per phone and per store all the same (docs/product/guest-booking.md). The customers
 * found are linked to the caller's account, which has just proved the phone (docs/decisions.md).
 */
export async function findCustomersByPhone(deps: FindCustomersDeps, input: { storeId: number; phone: string; ip?: string; caller?: Caller }) {
  const { lookupLimits: l } = deps;
  await deps.limiter.take(
    [[addressKey('lookup', input.ip), l.perAddress], [`lookup:phone:${input.phone}`, l.perPhone], [`lookup:store:${input.storeId}`, l.perStore]],
    MESSAGES.tooManyGuestRequests,
  );
  const account = accountProving(input.caller, input.phone);
  if (account === undefined) return [];
  if (!(await deps.customers.storeExists(input.storeId))) return [];
  const found = await deps.customers.findByPhone(input.storeId, input.phone);
  if (found.length) await deps.customers.linkAccount(input.storeId, input.phone, account);
  return found.map((c) => ({ id: c._id, fav_staffId: c.fav_staffId || null, book_with_fav_staff: c.book_with_fav_staff === 1 ? (1 as const) : (0 as const) }));
}
