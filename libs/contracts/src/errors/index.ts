import { CUSTOMERS_ERRORS, CUSTOMERS_MESSAGES } from './customers';
import { IDENTITY_ERRORS, IDENTITY_MESSAGES } from './identity';
import { SCHEDULING_ERRORS, SCHEDULING_MESSAGES } from './scheduling';
import { BILLING_ERRORS, BILLING_MESSAGES } from './billing';
import { MESSAGING_ERRORS, MESSAGING_MESSAGES } from './messaging';
import { MODULE_LOAD_MESSAGES } from './module-load';
import { GENERAL_MESSAGES } from './general';

export { ERROR_CODE_HEADER, SCHEDULING_MESSAGES, staffDayOffMessage } from './scheduling';
export { GENERAL_MESSAGES } from './general';

export { CUSTOMERS_MESSAGES } from './customers';
export { BILLING_MESSAGES } from './billing';
export { MESSAGING_MESSAGES } from './messaging';

/**
 * Machine-readable error codes, one enum for every service; the HTTP status goes with each (see
 * service-kit AppError). Screens branch on these codes, never on message text. General codes here,
 * each domain's own in its file.
 */
export const ERROR_CODES = {
  ...IDENTITY_ERRORS,
  ...SCHEDULING_ERRORS,
  ...CUSTOMERS_ERRORS,
  ...BILLING_ERRORS,
  ...MESSAGING_ERRORS,
  validation: 400,
  unauthenticated: 401,
  notVerified: 403,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  rateLimited: 429,
  internal: 500,
  notImplemented: 501,
  unavailable: 503,
  /** An Idempotency-Key used again for a different request (another route or body). */
  idempotencyKeyReused: 422,
  /** An Idempotency-Key whose first request is still being answered. */
  idempotencyInProgress: 409,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

// In a file of its own: a page that only needs the messages does not download zod (~22 KB gzip).
export { ErrorBody } from './error-body';

/** The request header of idempotent calls (RouteDef.idempotent): one uuid per intended write. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * Messages the spec shows verbatim, each defined once: servers answer with these and screens show them
 * (or pick them by code). Domain files may add their own.
 */
export const MESSAGES = {
  ...IDENTITY_MESSAGES,
  ...MODULE_LOAD_MESSAGES,
  ...GENERAL_MESSAGES,
  ...SCHEDULING_MESSAGES,
  ...CUSTOMERS_MESSAGES,
  ...BILLING_MESSAGES,
  ...MESSAGING_MESSAGES,
} as const;
