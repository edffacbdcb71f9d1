import { api, uniqueEmail } from './api';

export interface Guest {
  userId: number;
  phone: string;
  customerId: number;
}

let serial = 0;

/**
 * A visitor of the booking page (docs/product/guest-booking.md): registers in the flow (not verified yet) and
 * becomes the store's customer by phone with that account; an online request carries both ids.
 */
export async function newGuest(storeId: number, name = 'guest'): Promise<Guest> {
  const phone = `267${String(Date.now() + ++serial).slice(-7)}`;
  const email = uniqueEmail(name);
  const password = 'Guest-pass-123';
  const reg = await api('POST', 'register', { email, password, password_confirmation: password, fname: name, lname: 'guest', phone, role: 'customer', term: 'agreed' });
  if (reg.status !== 201) throw new Error(`register -> ${reg.status} ${JSON.stringify(reg.body)}`);
  const customer = await api('POST', 'customer', { storeId, fname: name, lname: 'guest', phone, email, userId: reg.body.user.id });
  if (customer.status >= 300) throw new Error(`customer -> ${customer.status} ${JSON.stringify(customer.body)}`);
  return { userId: reg.body.user.id as number, phone, customerId: customer.body.customer.id as number };
}
