import { MESSAGES } from '@turnbook/contracts/errors/index';
import { confirmedPassword } from '@turnbook/web-kit/forms';
import { z } from 'zod';

export const PIN_MISMATCH = "PIN didn't match";
export const FILL_OUT = 'Please fill out your info';
export const EMPLOYEE_EXISTED_ALERT = 'This email has already added to the store.';
export const HAS_ACCOUNT_TEXT = "This email already has an account. Go back to step 1 then choose 'Yes' to add them by email.";

const LOOSE_EMAIL = /^\S+@\S+\.\S+$/;
const email = z.string().trim().min(1, 'Please enter an email').regex(LOOSE_EMAIL, 'Please enter a valid email');
const optionalPin = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4,8}$/.test(v), 'The PIN must be 4 to 8 digits');

/** Page 7: the email of the existing account. */
export const accountEmailSchema = z.object({ email });
export type AccountEmailValues = z.infer<typeof accountEmailSchema>;

/** Page 4: who the new staff member is. */
export const nameSchema = z.object({
  fname: z.string().trim().min(1, FILL_OUT),
  lname: z.string().trim(),
  nickname: z.string().trim(),
});
export type NameValues = z.infer<typeof nameSchema>;

/** Page 3: contact email and password (non-empty and equal, else the password-mismatch message). */
export const credentialsSchema = z
  .object({
    email,
    password: z.string().min(1, MESSAGES.passwordMismatch),
    password_confirmation: z.string(),
  })
  .refine(...confirmedPassword('password', 'password_confirmation'));
export type CredentialsValues = z.infer<typeof credentialsSchema>;

/** Page 5: colour. */
export const colorSchema = z.object({ color: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'Please choose a colour') });
export type ColorValues = z.infer<typeof colorSchema>;

/** Pages 6 and 8: optional PIN with confirmation. */
export const pinSchema = z
  .object({ PIN: optionalPin, PIN_confirmation: z.string().trim() })
  .refine((v) => v.PIN === v.PIN_confirmation, { message: PIN_MISMATCH, path: ['PIN_confirmation'] });
export type PinValues = z.infer<typeof pinSchema>;
