import { LOOSE_EMAIL } from '@turnbook/domain/text/text';
import { newPasswordSchema } from '@turnbook/web-kit/forms';
import { z } from 'zod';

// The booking signup's texts (docs/product/booking.md): every field required, the phone complete.
export const EMAIL_INVALID = 'Please enter a valid email address';
export const PASSWORD_REQUIRED = 'Please enter a password';
export const FNAME_REQUIRED = 'Please enter your first name';
export const LNAME_REQUIRED = 'Please enter your last name';
export const PHONE_INVALID = 'Please enter your phone as (xxx) xxx-xxxx';

/** The phone counts only when the field shows all of '(xxx) xxx-xxxx': 14 characters. */
export const isCompletePhone = (formatted: string) => formatted.length === 14 && /^\(\d{3}\) \d{3}-\d{4}$/.test(formatted);

export const accountSchema = z.object({
  email: z.string().trim().regex(LOOSE_EMAIL, EMAIL_INVALID),
  password: newPasswordSchema(PASSWORD_REQUIRED),
  fname: z.string().trim().min(1, FNAME_REQUIRED),
  lname: z.string().trim().min(1, LNAME_REQUIRED),
  phone: z.string().refine(isCompletePhone, PHONE_INVALID),
});

export type AccountValues = z.input<typeof accountSchema>;
export const EMPTY_ACCOUNT: AccountValues = { email: '', password: '', fname: '', lname: '', phone: '' };

/** After a signup (the Sign Up modal or a guest's request): the account logs in once its email is verified. */
export const VERIFY_EMAIL_TEXT = 'We sent you a verification email. Please verify your email before your first login.';
