import { configureApi } from '../api/api-client';

type Answer = { status?: number; body?: unknown };
/** An answer, or a function of the call giving one; a promise holds the call open until it settles (a slow server). */
export type MockAnswer = Answer | ((body: unknown, url: string) => Answer | Promise<Answer>);

export interface MockApi {
  /** Every call made: method, path (with /api/ prefix) and parsed body. */
  calls: { method: string; url: string; body: unknown }[];
  callsTo: (methodAndUrl: string) => { method: string; url: string; body: unknown }[];
}

/**
 * Answers API calls from a table keyed 'METHOD /api/path' (exact URL, query included). Unlisted calls get
 * 404 {message:'Not Found'}. Test-only helper.
 */
export function mockApi(table: Record<string, MockAnswer>): MockApi {
  const calls: MockApi['calls'] = [];
  configureApi({
    onSessionExpired: () => {},
    fetch: (async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const entry = table[`${method} ${url}`];
      const answer = typeof entry === 'function' ? await entry(body, url) : entry ?? { status: 404, body: { message: 'Not Found' } };
      const status = answer.status ?? 200;
      const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      return { ok: status >= 200 && status < 300, status, text: async () => text } as Response;
    }) as typeof fetch,
  });
  return { calls, callsTo: (k) => calls.filter((c) => `${c.method} ${c.url}` === k) };
}
