import { schemasOf } from '@turnbook/contracts/api/index';
import { ErrorBody } from '@turnbook/contracts/errors/error-body';
import type { z } from 'zod';
import { configureApi } from '../api/api-client';
import { matchRoute } from './match-route';

type Answer = { status?: number; body?: unknown };
/** An answer, or a function of the call giving one; a promise holds the call open until it settles (a slow server). */
export type MockAnswer = Answer | ((body: unknown, url: string) => Answer | Promise<Answer>);

export type MockCall = { method: string; url: string; body: unknown; headers: Record<string, string> };

export interface MockApi {
  /** Every call made: method, path (with /api/ prefix), parsed body and the request's headers (an Idempotency-Key, say). */
  calls: MockCall[];
  callsTo: (methodAndUrl: string) => MockCall[];
}

/** A mocked call no server would answer that way: a success to a request its route's schema refuses, or an answer outside the schema. */
export class MockContractError extends Error {
  override name = 'MockContractError';
}

// What the calls of the running test broke; the test fails with them when it ends (the api client would
// otherwise show a thrown error as a network failure, and the screen might hide it).
const broken: MockContractError[] = [];

/** Throws what the calls made since the last check broke (run after each test of a file that uses mockApi). */
export function checkMockContracts(): void {
  const found = broken.splice(0);
  if (found.length) throw new MockContractError(found.map((e) => e.message).join('\n'));
}
if (typeof afterEach === 'function') afterEach(checkMockContracts);

/** The errors the calls made so far broke, cleared: for the tests of mockApi itself, which expect them. */
export function takeMockContractErrors(): MockContractError[] {
  return broken.splice(0);
}

const NOT_FOUND: Answer = { status: 404, body: { message: 'Not Found', code: 'notFound' } };
const isSuccess = (status: number) => status >= 200 && status < 300;

/** 'path: message' for each field a schema refuses, or null when it takes the value. */
function refusal(schema: z.ZodType | undefined, value: unknown): string | null {
  if (!schema) return null;
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues.map((i) => `${i.path.join('.') || '(the whole value)'}: ${i.message}`).join('; ');
}

/** What the route's schema finds wrong with a mocked answer to 'METHOD /api/path?query', or null. */
function answerProblem(methodAndUrl: string, answer: Answer): string | null {
  const [method, url] = splitKey(methodAndUrl);
  const route = matchRoute(method, new URL(url, 'http://mock').pathname);
  if (!route) return `${methodAndUrl} is no route of the contracts' table (libs/contracts routes.ts): the api client never calls it`;
  const status = answer.status ?? 200;
  if (isSuccess(status)) {
    if (answer.body === undefined) return null;
    const wrong = refusal(schemasOf(route.key)?.response, answer.body);
    return wrong && `${methodAndUrl} (${route.key}) answers outside its response schema: ${wrong}`;
  }
  // Error answers are {message, code, field?}, or the spec's plain texts (e.g. 'employee existed').
  if (typeof answer.body === 'string' || answer.body === undefined) return null;
  const wrong = refusal(ErrorBody, answer.body);
  return wrong && `${methodAndUrl} (${route.key}) answers ${status} with a body no error has: ${wrong}`;
}

/** What the route's schema refuses in a call (its path, query or body): the server would answer 400. */
function requestProblem(method: string, url: string, body: unknown): string | null {
  const { pathname, searchParams } = new URL(url, 'http://mock');
  const route = matchRoute(method, pathname);
  if (!route) return null;
  const schemas = schemasOf(route.key);
  const problems = [
    refusal(schemas?.params, route.params),
    refusal(schemas?.query, Object.fromEntries(searchParams)),
    body instanceof FormData ? null : refusal(schemas?.body, body),
  ].filter(Boolean);
  return problems.length ? `${method} ${url} (${route.key}) is answered as a success, but its request schema refuses it: ${problems.join('; ')}` : null;
}

function splitKey(methodAndUrl: string): [string, string] {
  const space = methodAndUrl.indexOf(' ');
  return [methodAndUrl.slice(0, space), methodAndUrl.slice(space + 1)];
}

function bodyOf(init?: RequestInit): unknown {
  if (!init?.body) return undefined;
  return init.body instanceof FormData ? init.body : JSON.parse(String(init.body));
}

/**
 * Answers API calls from a table keyed 'METHOD /api/path' (exact URL, query included). Unlisted calls get
 * 404 {message:'Not Found'}. Test-only helper.
 * Every entry must be a route of the contracts and answer what its schemas allow: a fixed answer is
 * checked here (a MockContractError is thrown at once), a computed one and the request itself when the
 * call is made (the call fails and so does the test). A request the route's schema refuses may only be
 * answered with an error, as the server would.
 */
export function mockApi(table: Record<string, MockAnswer>): MockApi {
  for (const [key, entry] of Object.entries(table)) {
    const problem = typeof entry === 'function' ? answerProblem(key, {}) : answerProblem(key, entry);
    if (problem) throw new MockContractError(`mockApi: ${problem}`);
  }
  const calls: MockApi['calls'] = [];
  configureApi({
    onSessionExpired: () => {},
    fetch: (async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = bodyOf(init);
      calls.push({ method, url, body, headers: { ...(init?.headers as Record<string, string> | undefined) } });
      const key = `${method} ${url}`;
      const entry = table[key];
      const answer = typeof entry === 'function' ? await entry(body, url) : entry ?? NOT_FOUND;
      const status = answer.status ?? 200;
      const problem = (isSuccess(status) ? requestProblem(method, url, body) : null) ?? (typeof entry === 'function' ? answerProblem(key, answer) : null);
      if (problem) {
        const error = new MockContractError(`mockApi: ${problem}`);
        broken.push(error);
        throw error;
      }
      const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      return { ok: isSuccess(status), status, text: async () => text } as Response;
    }) as typeof fetch,
  });
  return { calls, callsTo: (k) => calls.filter((c) => `${c.method} ${c.url}` === k) };
}
