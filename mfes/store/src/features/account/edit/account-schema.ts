import { isTenDigitPhone } from '@turnbook/domain/phone/phone';
import { LOOSE_EMAIL, normalizeEmail } from '@turnbook/domain/text/text';
import { z } from 'zod';

export const CURRENT_PASSWORD_FOR_EMAIL = 'Please enter your current password to change your email';

/** The form's rules; a changed email (compared as the server normalises it) needs the current password. */
export const accountSchemaFor = (currentEmail: string) =>
  z
    .object({
      fname: z.string().trim().min(1, 'Please enter your first name'),
      lname: z.string().trim().min(1, 'Please enter your last name'),
      email: z.string().trim().regex(LOOSE_EMAIL, 'Please enter a valid email address'),
      currentPassword: z.string(),
      phone: z.string().refine(isTenDigitPhone, 'Please enter a 10-digit phone number'),
      color: z.string().trim().regex(/^#?[0-9a-fA-F]{6}$/, 'Please choose a colour'),
    })
    .refine((v) => normalizeEmail(v.email) === normalizeEmail(currentEmail) || v.currentPassword.length > 0, {
      path: ['currentPassword'],
      message: CURRENT_PASSWORD_FOR_EMAIL,
    });
export type AccountValues = z.input<ReturnType<typeof accountSchemaFor>>;
/** The fields a server answer may name, shown under that field. */
export const ACCOUNT_FIELDS = ['fname', 'lname', 'email', 'currentPassword', 'phone', 'color'];
