import { GATEWAY_URL } from './browser';

/** Calls the API through the gateway, as the browser would. */
export async function api<T = any>(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${GATEWAY_URL}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Waits (at most `timeoutMs`) until the customers service has heard of a store just created: it learns stores
 * and their members from scheduling's events, so a customer added in the same tenth of a second can find no
 * store (docs/decisions.md, "A new store reaches the customers service by event").
 */
export async function untilCustomersKnowStore(storeId: number, token: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api('GET', `getCustomersByStoreId/${storeId}`, undefined, token);
    if (res.status === 200) return;
    if (Date.now() > until) throw new Error(`customers never heard of store ${storeId}: GET getCustomersByStoreId -> ${res.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
