import { buildPath, routeOf, type RouteKey } from '@turnbook/contracts/routes';
import { getSession, useSession } from '../session/session-store';
import { ApiError } from './api-error';
import { isTokenExpired } from './jwt';

export type { RouteKey };
export type PathParams = Record<string, string | number>;

export interface RequestOptions {
  params?: PathParams;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

interface ApiConfig {
  /** Called when a 401 says the stored token expired; default: go to /login. */
  onSessionExpired: () => void;
  fetch: typeof fetch;
}

const config: ApiConfig = {
  onSessionExpired: () => window.location.assign('/login'),
  fetch: (...args) => globalThis.fetch(...args),
};

/** Tests and the shell may swap the redirect (e.g. to the router's navigate) or fetch. */
export function configureApi(overrides: Partial<ApiConfig>): void {
  Object.assign(config, overrides);
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text; // e.g. the plain-string card errors of POST subscribe
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const { message, field } = body as { message?: unknown; field?: unknown };
    return new ApiError(status, typeof message === 'string' ? message : `Request failed (${status})`, typeof field === 'string' ? field : undefined, body);
  }
  return new ApiError(status, typeof body === 'string' && body ? body : `Request failed (${status})`, undefined, body);
}

/**
 * Calls a route of the contracts table by its key ('POST login', 'GET user/{id}'), so no screen spells a URL.
 * JSON in and out (a FormData body goes as multipart, e.g. a picture), bearer token from the session,
 * errors thrown as ApiError.
 */
export async function apiRequest<T = unknown>(key: RouteKey, opts: RequestOptions = {}): Promise<T> {
  const { method } = routeOf(key);
  let url = buildPath(key, opts.params);
  if (opts.query) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) if (v !== undefined && v !== null) q.set(k, String(v));
    const s = q.toString();
    if (s) url += `?${s}`;
  }
  const token = getSession().access_token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const multipart = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  // The browser sets the multipart boundary itself.
  if (opts.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await config.fetch(url, {
      method,
      headers,
      body: opts.body === undefined ? undefined : multipart ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(0, 'Network error: the server could not be reached');
  }
  const body = await readBody(res);
  if (!res.ok) {
    const error = errorFrom(res.status, body);
    // Only an expired token ends the session; a wrong password on login is a 401 too.
    if (res.status === 401 && token && (isTokenExpired(token) || /expired/i.test(error.message))) {
      useSession.getState().clearSession();
      config.onSessionExpired();
    }
    throw error;
  }
  return body as T;
}

type Call = <T = unknown>(key: RouteKey, params?: PathParams, opts?: Omit<RequestOptions, 'params'>) => Promise<T>;
type CallWithBody = <T = unknown>(key: RouteKey, body?: unknown, params?: PathParams, opts?: Omit<RequestOptions, 'params' | 'body'>) => Promise<T>;

/** Short forms: api.get('GET user/{id}', {id}) and api.post('POST login', {email, password}). */
export const api: { get: Call; delete: Call; post: CallWithBody; patch: CallWithBody } = {
  get: (key, params, opts) => apiRequest(key, { ...opts, params }),
  delete: (key, params, opts) => apiRequest(key, { ...opts, params }),
  post: (key, body, params, opts) => apiRequest(key, { ...opts, body: body ?? {}, params }),
  patch: (key, body, params, opts) => apiRequest(key, { ...opts, body: body ?? {}, params }),
};
