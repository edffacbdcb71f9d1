import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request (or of the request whose event is being handled) that the code running now serves.
 * The logger stamps it on every line; an event built now carries it in its NATS headers to its consumers.
 */
const current = new AsyncLocalStorage<{ reqId: string }>();

export const REQUEST_ID_HEADER = 'X-Request-Id';

export const currentRequestId = (): string | undefined => current.getStore()?.reqId;

/** Runs `fn` (and everything it starts) on behalf of request `reqId`; without an id, as it is. */
export function withRequestId<T>(reqId: string | undefined, fn: () => T): T {
  return reqId ? current.run({ reqId }, fn) : fn();
}
