import type { WalkInCustomerBody, WalkInCustomerResponse } from '@turnbook/contracts';
import { notFound } from '@turnbook/service-kit';
import { limitGuestCreate } from '../guest-limits/limit-guest-creates';
import { findOrCreateByPhone, type CreateCustomerDeps } from './create-customer';

/**
 * scheduling's walk-in sign-in asks for the walk-in's customer: the store's customer with that phone and
 * name, or a new one (docs/product/kiosk.md: a phone alone never makes someone that customer). Asked again
 * (a retried sign-in), it finds the one it made. The kiosk's sign-ins count against the phone's limit, as
 * its POST customer does.
 */
export async function walkInCustomer(deps: CreateCustomerDeps, body: WalkInCustomerBody): Promise<WalkInCustomerResponse> {
  if (!(await deps.customers.storeExists(body.storeId))) throw notFound('Store not found');
  if (body.kiosk) await limitGuestCreate(deps, { phone: body.phone });
  const person = { fname: body.fname, lname: body.lname ?? '' };
  const found = await findOrCreateByPhone(deps, { storeId: body.storeId, ...person, phone: body.phone, email: null, fav_staffId: null }, null, person);
  return { customer: { id: found.id }, created: found.created };
}
