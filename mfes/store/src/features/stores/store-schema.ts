import { digitsOnly, isTenDigitPhone } from '@turnbook/domain/phone/phone';
import { LOOSE_EMAIL, permalinkOf } from '@turnbook/domain/text/text';
import { confirmedPassword, newPasswordSchema } from '@turnbook/web-kit/forms';
import { z } from 'zod';
import { US_STATES } from './store-model';

// The spec's texts (docs/product/validation.md, docs/product/messages.md) and this screen's own for the rest.
export const UPDATE_STORE_QUESTION = 'Do you want to update this store?';
export const DELETE_STORE_QUESTION = 'Do you want to delete this store?';
export const UPDATE_PASSWORD_QUESTION = 'Do you want to update your password?';

const required = (message: string) => z.string().trim().min(1, message);

export const addressFields = {
  name: required('Please enter the business name'),
  street: required('Please enter the address'),
  address2: z.string().trim().optional(),
  city: required('Please enter the city'),
  state: z.string().refine((s) => (US_STATES as readonly string[]).includes(s), 'Please choose a state'),
  zip: z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'Please enter a 5-digit zip code'),
  email: z.string().trim().regex(LOOSE_EMAIL, 'Please enter a valid email address'),
  phone: z.string().refine(isTenDigitPhone, 'Please enter a 10-digit phone number'),
};

/** The create wizard's one form (its pages show parts of it). */
export const createStoreSchema = z
  .object({
    ...addressFields,
    username: z
      .string()
      .trim()
      .min(1, 'Please enter a username')
      .regex(/^[A-Za-z0-9._@+-]+$/, 'Letters, digits and . _ @ + - only'),
    password: newPasswordSchema('Please enter a password'),
    password_confirmation: z.string(),
  })
  .refine(...confirmedPassword('password', 'password_confirmation'));
export type CreateStoreValues = z.input<typeof createStoreSchema>;

/** The settings screen's form. */
export const editStoreSchema = z.object({
  ...addressFields,
  username: z
    .string()
    .trim()
    .min(1, 'Please enter a username')
    .regex(/^[A-Za-z0-9._@+-]+$/, 'Letters, digits and . _ @ + - only'),
  timezone: z.string().min(1, 'Please choose a time zone'),
});
export type EditStoreValues = z.input<typeof editStoreSchema>;

/** Store names, street, city and email are lower-cased before sending; phones are digits (docs/product/validation.md). */
export function addressPayload(v: Pick<CreateStoreValues, 'name' | 'street' | 'address2' | 'city' | 'state' | 'zip' | 'email' | 'phone'>) {
  return {
    name: v.name.trim().toLowerCase(),
    street: v.street.trim().toLowerCase(),
    address2: (v.address2 ?? '').trim().toLowerCase(),
    city: v.city.trim().toLowerCase(),
    state: v.state,
    zip: v.zip.trim(),
    email: v.email.trim().toLowerCase(),
    phone: digitsOnly(v.phone),
  };
}

export { permalinkOf };
