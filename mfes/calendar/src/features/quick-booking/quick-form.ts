import { z } from 'zod';
import { NEW_CUSTOMER_MESSAGES } from '../booking-wizard/new-customer-form';

/** The quick booking's new customer: one name field (first and last) and the phone, with the wizard's messages. */
export const QuickCustomerForm = z.object({
  name: z.string().trim().min(1, NEW_CUSTOMER_MESSAGES.fname).max(200),
  phone: z.string().refine((v) => v.replace(/\D/g, '').length === 10, NEW_CUSTOMER_MESSAGES.phone),
});
