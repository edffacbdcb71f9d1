import { pathParams, ROUTES, routeKey, type PublicRouteKey } from '@turnbook/contracts/routes';

export interface MatchedRoute {
  key: PublicRouteKey;
  /** The path's {placeholders} with their (decoded) values. */
  params: Record<string, string>;
}

const API_ROUTES = ROUTES.filter((r) => r.access !== 'internal').map((r) => ({ key: routeKey(r) as PublicRouteKey, method: r.method, segments: r.path.split('/'), names: pathParams(r.path) }));

/**
 * The route of the table a browser call names ('GET', '/api/user/42' → 'GET user/{id}', {id: '42'}), or null.
 * Where several match, the one with more fixed segments wins ('getSetting/staff/{userId}' over a bare
 * placeholder), as the services' routers do.
 */
export function matchRoute(method: string, pathname: string): MatchedRoute | null {
  if (!pathname.startsWith('/api/')) return null;
  const parts = pathname.slice('/api/'.length).split('/');
  let best: { route: (typeof API_ROUTES)[number]; fixed: number } | null = null;
  for (const route of API_ROUTES) {
    if (route.method !== method || route.segments.length !== parts.length) continue;
    let fixed = 0;
    const fits = route.segments.every((s, i) => {
      if (/^\{\w+\}$/.test(s)) return parts[i] !== '';
      fixed++;
      return s === parts[i];
    });
    if (fits && (!best || fixed > best.fixed)) best = { route, fixed };
  }
  if (!best) return null;
  const values = best.route.segments.flatMap((s, i) => (/^\{\w+\}$/.test(s) ? [decodeURIComponent(parts[i])] : []));
  return { key: best.route.key, params: Object.fromEntries(best.route.names.map((n, i) => [n, values[i]])) };
}
