import { z } from 'zod';

/** Machine-readable error codes; the HTTP status goes with them (see service-kit AppError). */
export const ERROR_CODES = {
  validation: 400,
  unauthenticated: 401,
  notVerified: 403,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  rateLimited: 429,
  internal: 500,
  notImplemented: 501,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** Every error answer has this body. `message` is what a user may read; `field` names the bad input. */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Messages the spec shows verbatim; servers answer with these so clients can show them as they are. */
export const MESSAGES = {
  notVerified: 'Not Verified',
  invalidLogin: 'Invalid email or password',
  emailExists: 'This email already existed',
  passwordMismatch: "Password didn't match",
} as const;
