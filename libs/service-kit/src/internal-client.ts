import { buildPath, ERROR_CODES, INTERNAL_TOKEN_HEADER, schemasOf, type ErrorCode, type InternalRouteKey, type RequestOf, type ResponseOf } from '@turnbook/contracts';
import { AppError } from './errors';
import { carriedContext } from './event-context';

type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

/** What one internal call takes: its path params and its body, each only when the route has them. */
export type InternalInput<K extends InternalRouteKey> = ([ParamNames<PathOf<K>>] extends [never] ? unknown : { params: Record<ParamNames<PathOf<K>>, string | number> }) &
  ([RequestOf<K>] extends [never] ? unknown : { body: RequestOf<K> });

/** How long a refused connection is tried again: a rolling deploy restarts the instance on the service's own port. */
const REFUSED_RETRY_MS = 15_000;
const refused = (err: unknown) => (err as { cause?: { code?: string } })?.cause?.code === 'ECONNREFUSED';

type InputArgs<K extends InternalRouteKey> = [ParamNames<PathOf<K>>] extends [never] ? ([RequestOf<K>] extends [never] ? [] : [InternalInput<K>]) : [InternalInput<K>];

/**
 * The one client of the service-to-service calls (the route table's `access: 'internal'` rows): the path
 * and method come from the table, the body is typed by the route's request schema, and the answer is
 * parsed with its response schema (defaults filled for an older callee), so it has the route's type.
 * A call gives up after `timeoutMs`. A refused connection (nothing was sent, so even a write is safe to send
 * again) is tried again every 200 ms for up to 15 s.
 */
export function internalApi(baseUrl: string, token: string, { timeoutMs = 5000, refusedRetryMs = REFUSED_RETRY_MS }: { timeoutMs?: number; refusedRetryMs?: number } = {}) {
  return async function call<K extends InternalRouteKey>(key: K, ...[input]: InputArgs<K>): Promise<ResponseOf<K>> {
    const { params, body } = (input ?? {}) as { params?: Record<string, string | number>; body?: unknown };
    const giveUpAt = Date.now() + refusedRetryMs;
    const send = (): Promise<Response> => fetch(baseUrl + buildPath(key, params), {
      method: key.slice(0, key.indexOf(' ')),
      // the request this call serves: the callee logs its id and continues its trace
      headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: token, ...carriedContext() },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    }).catch(async (err) => {
      if (refused(err) && Date.now() < giveUpAt) {
        await new Promise((r) => setTimeout(r, 200));
        return send();
      }
      throw new AppError('unavailable', `A service is unavailable (${(err as Error).message})`);
    });
    const res = await send();
    const text = await res.text();
    const json = text ? JSON.parse(text) : undefined;
    if (!res.ok) {
      // Keep the callee's own code when it is one of ours (e.g. 'hasAccount'), so callers can branch on it.
      const own = typeof json?.code === 'string' && json.code in ERROR_CODES && ERROR_CODES[json.code as ErrorCode] === res.status ? (json.code as ErrorCode) : null;
      const code = own ?? (res.status === 409 ? 'conflict' : res.status === 404 ? 'notFound' : res.status === 400 ? 'validation' : 'unavailable');
      const err = new AppError(code, json?.message ?? `internal call failed (${res.status})`, json?.field);
      // A callee's throttling says when to try again; the caller's answer passes it on.
      const wait = res.headers.get('Retry-After');
      if (code === 'rateLimited' && wait) err.headers['Retry-After'] = wait;
      throw err;
    }
    const answer = schemasOf(key)!.response!.safeParse(json);
    if (!answer.success) {
      throw new AppError('unavailable', `${key} answered outside its schema: ${answer.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    return answer.data as ResponseOf<K>;
  };
}

export type InternalApi = ReturnType<typeof internalApi>;
