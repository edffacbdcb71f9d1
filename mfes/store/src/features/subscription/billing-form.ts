import { US_STATES } from '@turnbook/contracts/us-states';
import { z } from 'zod';

const required = (message: string) => z.string().trim().min(1, message);

/** The payment modal's billing form: every field is required (docs/product/billing-screens.md). */
export const billingSchema = z.object({
  packageId: required('Please choose a plan'),
  fname: required('Please enter the first name'),
  lname: required('Please enter the last name'),
  line1: required('Please enter the street address'),
  city: required('Please enter the city'),
  state: z.string().refine((s) => (US_STATES as readonly string[]).includes(s), 'Please choose a state'),
  postal_code: z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'Please enter a 5-digit zip code'),
});
export type BillingValues = z.input<typeof billingSchema>;
export type BillingOutput = z.output<typeof billingSchema>;
