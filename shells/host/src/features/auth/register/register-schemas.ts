import { isTenDigitPhone } from '@turnbook/domain/phone/phone';
import { LOOSE_EMAIL } from '@turnbook/domain/text/text';
import { confirmedPassword, newPasswordSchema } from '@turnbook/web-kit/forms';
import { z } from 'zod';

// The spec's texts (docs/product/validation.md, docs/product/messages.md).
export const EMAIL_INVALID = 'Please enter a valid email address';
export const FNAME_REQUIRED = 'Please enter your first name';
export const LNAME_REQUIRED = 'Please enter your last name';
export const PHONE_INVALID = 'Please enter a 10-digit phone number';
export const SELECT_ONE = 'Please select at least one';

/** Page 1: account credentials. Password and confirmation must be equal and non-empty. */
export const accountSchema = z
  .object({
    email: z.string().trim().regex(LOOSE_EMAIL, EMAIL_INVALID),
    password: newPasswordSchema(),
    password_confirmation: z.string(),
  })
  .refine(...confirmedPassword('password', 'password_confirmation', 'mismatch'));

/** Page 2: personal data; the phone counts once brackets, spaces and dashes are stripped. */
export const personalSchema = z.object({
  fname: z.string().trim().min(1, FNAME_REQUIRED),
  lname: z.string().trim().min(1, LNAME_REQUIRED),
  phone: z.string().refine(isTenDigitPhone, PHONE_INVALID),
});

/** Page 3: user type. */
export const userTypeSchema = z.object({
  role: z.string().refine((v) => v === 'customer' || v === 'professional', SELECT_ONE),
});

export type AccountValues = z.input<typeof accountSchema>;
export type PersonalValues = z.input<typeof personalSchema>;
export type UserTypeValues = z.input<typeof userTypeSchema>;
