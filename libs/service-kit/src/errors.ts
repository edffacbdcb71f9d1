import mongoose from 'mongoose';
import { ERROR_CODES, MESSAGES, type ErrorCode } from '@turnbook/contracts';

/** The one error type of our services: a code (which fixes the HTTP status), a user-readable message, a field. */
export class AppError extends Error {
  readonly status: number;
  /** Headers the answer carries (e.g. Retry-After on a 429). */
  readonly headers: Record<string, string> = {};
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code];
  }

  toBody() {
    return { message: this.message, code: this.code, ...(this.field ? { field: this.field } : {}) };
  }
}

export const badRequest = (field: string, message: string) => new AppError('validation', message, field);
export const unauthenticated = (message = 'Authentication required') => new AppError('unauthenticated', message);
export const forbidden = (message = 'You do not have access to this') => new AppError('forbidden', message);
export const notFound = (what = 'Not found') => new AppError('notFound', what);
export const conflict = (message: string, field?: string) => new AppError('conflict', message, field);

/**
 * A unique index said no. MongoDB answers 11000 on insert; FerretDB v1 (SQLite) answers code 1 on a
 * colliding update, with a message like "UNIQUE constraint failed: index 'users_..._email_1'".
 */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: number; message?: string } | null;
  if (!e) return false;
  if (e.code === 11000 || e.code === 11001) return true;
  return e.code === 1 && /duplicate|unique constraint failed/i.test(e.message ?? '');
}

// (the driver's pool-cleared error is a MongoNetworkError)
const { MongoNetworkError, MongoServerSelectionError, MongoNotConnectedError, MongoClientClosedError, MongoTopologyClosedError, MongoServerError } = mongoose.mongo;
/** MongoDB's InternalError: FerretDB's answer when its PostgreSQL cannot be reached (killed, restarting). */
const INTERNAL_ERROR = 1;

/**
 * The database could not answer (down, restarting, unreachable, failing over): not the request's fault nor a
 * bug, so the caller is told 503 and to try again, rather than 500. By the driver's error classes and labels;
 * a bulk write carries the network error it met as its errorResponse.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 2) return false;
  if (
    err instanceof MongoNetworkError || err instanceof MongoServerSelectionError || err instanceof MongoNotConnectedError
    || err instanceof MongoClientClosedError || err instanceof MongoTopologyClosedError
    || err instanceof mongoose.Error.MongooseServerSelectionError
  ) return true;
  if (err instanceof MongoServerError) {
    if (err.hasErrorLabel('RetryableWriteError')) return true;
    if (err.code === INTERNAL_ERROR && !isDuplicateKey(err)) return true;
  }
  const e = err as { cause?: unknown; errorResponse?: unknown };
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.errorResponse, depth + 1);
}

/** What a call answers while its database cannot: 503, try again in a second. */
export function databaseUnavailable(): AppError {
  const err = new AppError('unavailable', MESSAGES.databaseUnavailable);
  err.headers['Retry-After'] = '1';
  return err;
}
