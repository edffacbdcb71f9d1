import { z } from 'zod';

/** Every error answer has this body. `message` is what a user may read; `field` names the bad input. */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
