import { GATEWAY_URL } from './browser';

/** Calls the API through the gateway, as the browser would. */
export async function api<T = any>(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${GATEWAY_URL}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** `api`, for a call that must succeed: anything but a 2xx throws with the call and its answer. */
export async function must<T = any>(method: string, path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<T> {
  const r = await api<T>(method, path, body, token, headers);
  if (r.status >= 300) throw new Error(`${method} ${path} -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
