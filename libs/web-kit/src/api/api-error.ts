import type { ErrorCode } from '@turnbook/contracts/errors/index';

/**
 * What every failed call throws. The services answer errors as {message, code, field?} (ErrorBody of
 * libs/contracts); screens branch on `code`, never on the message text. A throttled answer (429) carries
 * `retryAfter` in seconds (from the body, else the Retry-After header).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The machine-readable code of libs/contracts ERROR_CODES; undefined when the answer had none (e.g. the gateway). */
  readonly code?: ErrorCode;
  readonly field?: string;
  readonly retryAfter?: number;
  /** The parsed answer, when there was one. */
  readonly body?: unknown;

  constructor(status: number, message: string, details: { code?: string; field?: string; retryAfter?: number; body?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = details.code as ErrorCode | undefined;
    this.field = details.field;
    this.retryAfter = details.retryAfter;
    this.body = details.body;
  }
}

// By shape too: web-kit/ui and /forms are bundled into each module, each with its own copy of this class.
export const isApiError = (e: unknown): e is ApiError =>
  e instanceof ApiError || (e instanceof Error && e.name === 'ApiError' && typeof (e as ApiError).status === 'number');

/** True when `e` is an ApiError with one of these codes. */
export const hasCode = (e: unknown, ...codes: ErrorCode[]): e is ApiError & { readonly code: ErrorCode } => isApiError(e) && e.code !== undefined && codes.includes(e.code);

/**
 * A call nobody could answer just now: no connection (status 0), the gateway finding no instance of the
 * service (502-504, which it answers as 503 'unavailable') or the service's database not answering (503).
 * Screens say so and offer to try again (NotAvailable). A 404 is an answer: the record does not exist.
 */
export const isNotAvailable = (e: unknown): boolean => isApiError(e) && (e.status === 0 || (e.status >= 502 && e.status <= 504));
