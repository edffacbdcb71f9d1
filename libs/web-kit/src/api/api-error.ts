/** What every failed call throws. The services answer errors as {message, field?}. */
export class ApiError extends Error {
  readonly status: number;
  readonly field?: string;
  /** The parsed answer, when there was one. */
  readonly body?: unknown;

  constructor(status: number, message: string, field?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
    this.body = body;
  }
}

// By shape too: web-kit/ui and /forms are bundled into each module, each with its own copy of this class.
export const isApiError = (e: unknown): e is ApiError =>
  e instanceof ApiError || (e instanceof Error && e.name === 'ApiError' && typeof (e as ApiError).status === 'number');

/** A call whose service is not deployed yet (gateway 404/502/503): screens show "not available yet". */
export const isNotAvailable = (e: unknown): boolean =>
  isApiError(e) && (e.status === 404 || e.status === 502 || e.status === 503 || e.status === 0);
