import { api, uniqueEmail } from './api';

export interface Guest {
  userId: number;
  phone: string;
  customerId: number;
  /** the account's email, where the request emails go */
  email: string;
}

let serial = 0;

/** A fresh phone number no other test uses. */
export const uniquePhone = () => `267${String(Date.now() + ++serial).slice(-7)}`;

/**
 * The booking page's first step for a visitor (docs/product/guest-booking.md): an account registered in the
 * flow, not verified yet, with a phone of its own.
 */
export async function registerGuest(name = 'guest'): Promise<Omit<Guest, 'customerId'>> {
  const phone = uniquePhone();
  const email = uniqueEmail(name);
  const password = 'Guest-pass-123';
  const reg = await api('POST', 'register', { email, password, password_confirmation: password, fname: name, lname: 'guest', phone, role: 'customer', term: 'agreed' });
  if (reg.status !== 201) throw new Error(`register -> ${reg.status} ${JSON.stringify(reg.body)}`);
  return { userId: reg.body.user.id as number, phone, email };
}

/**
 * A visitor of the booking page: registers in the flow (not verified yet) and becomes the store's customer by
 * phone with that account; an online request carries both ids.
 */
export async function newGuest(storeId: number, name = 'guest'): Promise<Guest> {
  const account = await registerGuest(name);
  const customer = await api('POST', 'customer', { storeId, fname: name, lname: 'guest', phone: account.phone, email: account.email, userId: account.userId });
  if (customer.status >= 300) throw new Error(`customer -> ${customer.status} ${JSON.stringify(customer.body)}`);
  return { ...account, customerId: customer.body.customer.id as number };
}
