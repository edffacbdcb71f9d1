import type { API, RequestOf, ResponseOf } from '@turnbook/contracts/api/index';
import type { z } from 'zod';
import type { PublicRouteKey, RouteKey } from '@turnbook/contracts/routes';
import { fillPath, splitRouteKey } from '@turnbook/contracts/route-path';
import { ERROR_CODE_HEADER } from '@turnbook/contracts/errors/error-code-header';
import { getSession, reloadSessionFromStorage, useSession } from '../session/session-store';
import { ApiError } from './api-error';
import { isTokenExpired } from './jwt';

export type { RouteKey };
/** What a call resolves to: the route's response type from the contracts. */
export type Answer<K extends RouteKey> = ResponseOf<K>;
export type PathParams = Record<string, string | number>;
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
/** The {placeholders} of a route's path, each given a value ('GET user/{id}' → {id}). */
export type ParamsFor<K extends RouteKey> = Record<ParamNames<K>, string | number>;

declare const forRoute: unique symbol;
/** A multipart body built by `multipartBody` for one route (a FormData whose fields the route's schema names). */
export type MultipartBody<K extends RouteKey> = FormData & { readonly [forRoute]: K };
type IsBytes<V> = unknown extends V ? false : [V] extends [never] ? false : NonNullable<V> extends Uint8Array ? true : false;
type CarriesBytes<B> = B extends object ? (true extends { [F in keyof B]-?: IsBytes<B[F]> }[keyof B] ? true : false) : false;
/**
 * What a route takes as its body: its request schema's input; a body that carries bytes (a picture) goes as
 * multipart; a route with no body schema takes none.
 */
export type BodyFor<K extends RouteKey> = [RequestOf<K>] extends [never] ? never : CarriesBytes<RequestOf<K>> extends true ? MultipartBody<K> : RequestOf<K>;

/** The multipart body of a route whose schema takes bytes, one file per field the schema names: a Blob or [Blob, file name]. */
export function multipartBody<K extends RouteKey>(_key: K, fields: { [F in keyof RequestOf<K>]-?: Blob | [Blob, string] }): MultipartBody<K> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields as Record<string, Blob | [Blob, string]>)) {
    if (Array.isArray(value)) form.append(name, value[0], value[1]);
    else form.append(name, value);
  }
  return form as MultipartBody<K>;
}

type QueryValue = string | number | boolean | undefined | null;
type QuerySchema<K> = K extends keyof typeof API ? ((typeof API)[K] extends { query: infer Q extends z.ZodType } ? Q : never) : never;
/** The query a route reads (its query schema's fields); a route without one reads none. */
export type QueryFor<K extends RouteKey> = [QuerySchema<K>] extends [never] ? Record<string, never> : { [F in keyof z.input<QuerySchema<K>>]?: QueryValue };

export interface RequestOptions<K extends RouteKey = RouteKey> {
  params?: ParamsFor<K>;
  body?: BodyFor<K>;
  query?: QueryFor<K>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key that makes a retried write answer its first answer. */
  headers?: Record<string, string>;
}

interface ApiConfig {
  /** Called when the session has ended for good (the refresh failed too); default: go to /login. */
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

/** A route's URL from its key, which says the method and the path (the route table stays out of every page). */
const urlOf = (key: RouteKey, params?: PathParams) => fillPath(key, splitRouteKey(key).path, params);

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text; // e.g. the plain-string card errors of POST subscribe
  }
}

/** Seconds from a Retry-After header (seconds or an HTTP date). */
function retryAfterHeader(res: Response): number | undefined {
  const h = res.headers?.get?.('Retry-After');
  if (!h) return undefined;
  const n = Number(h);
  if (Number.isFinite(n)) return Math.max(0, Math.ceil(n));
  const at = Date.parse(h);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function errorFrom(res: Response, body: unknown): ApiError {
  const status = res.status;
  if (body && typeof body === 'object') {
    const { message, field, code, retryAfter } = body as { message?: unknown; field?: unknown; code?: unknown; retryAfter?: unknown };
    return new ApiError(status, typeof message === 'string' ? message : `Request failed (${status})`, {
      code: typeof code === 'string' ? code : undefined,
      field: typeof field === 'string' ? field : undefined,
      retryAfter: typeof retryAfter === 'number' && Number.isFinite(retryAfter) ? Math.max(0, Math.ceil(retryAfter)) : retryAfterHeader(res),
      body,
    });
  }
  // A plain-text answer the spec's client reads (POST staff: 'employee existed') carries its code in a header.
  const code = res.headers?.get?.(ERROR_CODE_HEADER) ?? undefined;
  return new ApiError(status, typeof body === 'string' && body ? body : `Request failed (${status})`, { code, retryAfter: retryAfterHeader(res), body });
}

/** Codes that mean the token sent is no good: a revoked or expired one, or one the server cannot read at all. */
const SESSION_OVER = new Set(['sessionExpired', 'invalidToken']);

let refreshing: Promise<string | null> | null = null;

/**
 * A new access token from the refresh cookie (POST auth/refresh), stored in the session; null when the
 * session has ended. Single-flight: every call that finds its token expired waits for the same refresh.
 * When the refresh is refused because another tab rotated the cookie a moment before, that tab's token
 * (in localStorage) is used.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    const before = getSession().access_token;
    try {
      const res = await config.fetch(urlOf('POST auth/refresh'), { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      const body = (await readBody(res)) as { access_token?: unknown } | null;
      if (res.ok && body && typeof body.access_token === 'string') {
        useSession.getState().setSession({ access_token: body.access_token });
        return body.access_token;
      }
    } catch {
      // Offline: the session is not over, but this call cannot be made now.
      return null;
    }
    reloadSessionFromStorage();
    const stored = getSession().access_token;
    return stored && stored !== before && !isTokenExpired(stored) ? stored : null;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Calls a route of the contracts table by its key ('POST login', 'GET user/{id}'), so no screen spells a URL.
 * JSON in and out (a FormData body goes as multipart, e.g. a picture), bearer token from the session,
 * errors thrown as ApiError.
 */
export async function apiRequest<K extends PublicRouteKey>(key: K, opts: RequestOptions<K> = {}): Promise<ResponseOf<K>> {
  return send(key, opts, false);
}

async function send<K extends PublicRouteKey>(key: K, opts: RequestOptions<K>, retried: boolean): Promise<ResponseOf<K>> {
  const { method } = splitRouteKey(key);
  let url = urlOf(key, opts.params);
  if (opts.query) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) if (v !== undefined && v !== null) q.set(k, String(v));
    const s = q.toString();
    if (s) url += `?${s}`;
  }
  let token = getSession().access_token;
  // An access token known to be expired is renewed first, saving a refused round trip.
  if (token && !retried && isTokenExpired(token)) token = (await refreshAccessToken()) ?? token;
  const headers: Record<string, string> = { ...opts.headers, Accept: 'application/json' };
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
      credentials: 'same-origin',
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(0, 'Network error: the server could not be reached');
  }
  const body = await readBody(res);
  if (!res.ok) {
    const error = errorFrom(res, body);
    // Only an ended or refused session (sessionExpired, invalidToken) is renewed, once; a wrong password on
    // login is a 401 too.
    if (res.status === 401 && token && SESSION_OVER.has(error.code ?? '')) {
      if (!retried && (await refreshAccessToken())) return send(key, opts, true);
      // Renewal failed (or the renewed token was refused too): sign in again, once, without looping.
      if (getSession().access_token) {
        useSession.getState().clearSession();
        config.onSessionExpired();
      }
    }
    throw error;
  }
  // The server checked its answer against the route's schema (CHECK_RESPONSES in its tests); JSON carries it as is.
  return body as ResponseOf<K>;
}

type Call = <K extends PublicRouteKey>(key: K, params?: ParamsFor<K>, opts?: Omit<RequestOptions<K>, 'params' | 'body'>) => Promise<ResponseOf<K>>;
/** The body may be left out only where the route's schema takes an empty one (it is then sent as {}). */
type BodyArgs<K extends RouteKey> = {} extends BodyFor<K>
  ? [body?: BodyFor<K>, params?: ParamsFor<K>, opts?: Omit<RequestOptions<K>, 'params' | 'body'>]
  : [body: BodyFor<K>, params?: ParamsFor<K>, opts?: Omit<RequestOptions<K>, 'params' | 'body'>];
type CallWithBody = <K extends PublicRouteKey>(key: K, ...args: BodyArgs<K>) => Promise<ResponseOf<K>>;

/** Short forms: api.get('GET user/{id}', {id}) and api.post('POST login', {email, password}). */
export const api: { get: Call; delete: Call; post: CallWithBody; patch: CallWithBody } = {
  get: (key, params, opts) => apiRequest(key, { ...opts, params }),
  delete: (key, params, opts) => apiRequest(key, { ...opts, params }),
  post: (key, ...[body, params, opts]) => apiRequest(key, { ...opts, body: body ?? ({} as BodyFor<typeof key>), params }),
  patch: (key, ...[body, params, opts]) => apiRequest(key, { ...opts, body: body ?? ({} as BodyFor<typeof key>), params }),
};
