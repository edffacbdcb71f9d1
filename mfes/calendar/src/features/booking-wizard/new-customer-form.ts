import { z } from 'zod';

/** A new customer's name and phone as the wizard and the quick booking ask for them (same messages). */
export const NEW_CUSTOMER_MESSAGES = {
  fname: 'Please enter a first name',
  phone: 'Please enter a 10-digit phone',
} as const;

export const NewCustomerForm = z.object({
  fname: z.string().trim().min(1, NEW_CUSTOMER_MESSAGES.fname).max(100),
  lname: z.string().trim().max(100),
  phone: z.string().refine((v) => v.replace(/\D/g, '').length === 10, NEW_CUSTOMER_MESSAGES.phone),
});
export type NewCustomerValues = z.input<typeof NewCustomerForm>;
