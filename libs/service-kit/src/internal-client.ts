import { ERROR_CODES, INTERNAL_TOKEN_HEADER, type ErrorCode } from '@turnbook/contracts';
import { AppError } from './errors';

/** Calls another service's /internal/ routes with the service token; a call gives up after `timeoutMs`. */
export function internalClient(baseUrl: string, token: string, { timeoutMs = 5000 }: { timeoutMs?: number } = {}) {
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: token },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    }).catch((err) => {
      throw new AppError('unavailable', `A service is unavailable (${(err as Error).message})`);
    });
    const text = await res.text();
    const json = text ? JSON.parse(text) : undefined;
    if (!res.ok) {
      // Keep the callee's own code when it is one of ours (e.g. 'hasAccount'), so callers can branch on it.
      const own = typeof json?.code === 'string' && json.code in ERROR_CODES && ERROR_CODES[json.code as ErrorCode] === res.status ? (json.code as ErrorCode) : null;
      const code = own ?? (res.status === 409 ? 'conflict' : res.status === 404 ? 'notFound' : res.status === 400 ? 'validation' : 'unavailable');
      throw new AppError(code, json?.message ?? `internal call failed (${res.status})`, json?.field);
    }
    return json as T;
  };
}
