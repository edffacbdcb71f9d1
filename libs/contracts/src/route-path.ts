/** Where a route is served: /internal/ for service-to-service calls, /api/ for the rest. */
export const baseOf = (path: string) => (path.startsWith('internal/') ? '/' : '/api/');

/** A route key's method and path: 'GET user/{id}' is GET and 'user/{id}'. */
export function splitRouteKey(key: string): { method: string; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space), path: key.slice(space + 1) };
}

/**
 * '/api/user/42' from the path 'user/{id}' of the route `key` and {id: 42}. Params are URI-encoded. Apart
 * from routes.ts so a browser's API client builds its URLs from the key without the route table.
 */
export function fillPath(key: string, path: string, params: Record<string, string | number> = {}): string {
  return baseOf(path) + path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined || v === null || v === '') throw new Error(`missing path param ${name} for ${key}`);
    return encodeURIComponent(String(v));
  });
}
