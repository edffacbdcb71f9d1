import { z } from 'zod';

export const CUSTOMER_NAME_REQUIRED = 'Customer name cannot be empty';
const LOOSE_EMAIL = /^\S+@\S+\.\S+$/;

/** The customer form of create and edit (docs/product/validation.md: first name required, email optional). */
export const customerSchema = z.object({
  fname: z.string().trim().min(1, CUSTOMER_NAME_REQUIRED).max(100),
  lname: z.string().trim().max(100),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || LOOSE_EMAIL.test(v), 'Please enter a valid email'),
  phone: z.string().refine((v) => {
    const d = v.replace(/\D/g, '');
    return d.length === 0 || d.length === 10;
  }, 'The phone must have 10 digits'),
  status: z.string().max(1000),
  fav_staffId: z.number(),
  book_with_fav_staff: z.boolean(),
});
export type CustomerValues = z.infer<typeof customerSchema>;

/** What POST / PATCH customer take: names and email lower-cased, phone digits, 0 for no favourite. */
export function customerPayload(v: CustomerValues) {
  return {
    fname: v.fname.trim().toLowerCase(),
    lname: v.lname.trim().toLowerCase(),
    email: v.email.trim().toLowerCase(),
    phone: v.phone.replace(/\D/g, ''),
    fav_staffId: v.fav_staffId || 0,
  };
}
