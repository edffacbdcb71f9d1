import { digitsOnly } from '@turnbook/domain/phone/phone';
import { DEFAULT_USER_COLOR, lower } from '@turnbook/domain/text/text';
import { api } from '@turnbook/web-kit';
import type { AccountValues } from './account-schema';

/**
 * Creates a customer account (POST register, role customer). It cannot log in until its email is verified;
 * the booking flow names it (userId) on the calls it makes right after, which the server accepts for an
 * account made within the hour.
 */
export async function registerCustomer(v: AccountValues): Promise<{ id: number; phone: string }> {
  const phone = digitsOnly(v.phone);
  const { user } = await api.post('POST register', {
    email: lower(v.email.trim()),
    password: v.password,
    password_confirmation: v.password,
    fname: lower(v.fname.trim()),
    lname: lower(v.lname.trim()),
    phone,
    role: 'customer',
    color: DEFAULT_USER_COLOR,
    term: 'agreed',
    username: '',
  });
  return { id: user.id, phone };
}
