/**
 * The messages of no one service (MESSAGES in index.ts spreads them in). In a file of their own: a screen that
 * shows one of them imports this file, not every service's messages through the index (MESSAGES is one object
 * spread from all of them, which no bundler can trim: ~1.5 KB gzip).
 */
export const GENERAL_MESSAGES = {
  notVerified: 'Not Verified',
  invalidLogin: 'Invalid email or password',
  emailExists: 'This email already existed',
  passwordMismatch: "Password didn't match",
  /** Guest booking calls over a limit (the answer adds the wait). */
  tooManyGuestRequests: 'Too many requests from this network, for this phone or for this salon.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyInProgress: 'The first request with this Idempotency-Key is still being answered. Please retry in a moment.',
  /** The service's database could not answer (restarting, unreachable): a 503 with Retry-After. */
  databaseUnavailable: 'This could not be done just now. Please try again in a moment.',
} as const;
