import { createHash } from 'node:crypto';

// A texted code's rules, shared by requesting and confirming it.
export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_TRIES = 5;
/** Codes asked for per user and per phone number within REQUEST_WINDOW_MS. */
export const MAX_REQUESTS = 5;
export const REQUEST_WINDOW_MS = 60 * 60_000;

export const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');
