import type { VisitorCustomerBody, WalkInCustomerResponse } from '@turnbook/contracts';
import { notFound } from '@turnbook/service-kit';
import { limitGuestCreate } from '../guest-limits/limit-guest-creates';
import { findOrCreateByPhone, type CreateCustomerDeps } from './create-customer';

/**
 * scheduling's request from the booking page asks for the visitor's customer, as the booking flow's POST
 * customer makes it: the store's customer with the account's phone, or a new one tied to the account
 * (scheduling has proved the account is the caller's, or the guest's of this flow). A token that proves the
 * phone links the store's records of it to its account. Limited per phone and per address, as POST customer.
 * Asked again (a retried request), it finds the one it made.
 */
export async function visitorCustomer(deps: CreateCustomerDeps, body: VisitorCustomerBody): Promise<WalkInCustomerResponse> {
  if (!(await deps.customers.storeExists(body.storeId))) throw notFound('Store not found');
  await limitGuestCreate(deps, { address: body.address, phone: body.phone });
  const person = { storeId: body.storeId, fname: body.fname, lname: body.lname, email: body.email ?? null, phone: body.phone, fav_staffId: null };
  const found = await findOrCreateByPhone(deps, person, body.accountId, null);
  if (!found.created && body.provedBy !== undefined) await deps.customers.linkAccount(body.storeId, body.phone, body.provedBy);
  return { customer: { id: found.id }, created: found.created };
}
