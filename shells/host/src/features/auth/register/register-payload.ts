import { digitsOnly } from '@turnbook/domain/phone/phone';
import { DEFAULT_USER_COLOR, lower } from '@turnbook/domain/text/text';
import type { RequestOf } from '@turnbook/contracts/api/index';
import type { AccountValues, PersonalValues, UserTypeValues } from './register-schemas';

/** POST register body: email, names and colour lowercased, phone as 10 digits, term 'agreed', empty username. */
export function registerPayload(a: AccountValues, p: PersonalValues, t: UserTypeValues): RequestOf<'POST register'> {
  return {
    email: lower(a.email),
    password: a.password,
    password_confirmation: a.password_confirmation,
    fname: lower(p.fname),
    lname: lower(p.lname),
    phone: digitsOnly(p.phone),
    // userTypeSchema let only these two through.
    role: t.role as RequestOf<'POST register'>['role'],
    color: lower(DEFAULT_USER_COLOR),
    term: 'agreed',
    username: '',
  };
}
