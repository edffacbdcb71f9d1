/**
 * Which federated module owns a path. The shell repeats none of this: each module ships a routes.json with
 * its build and the gateway lists them in /mfe/remotes.json, so a new route in a module needs no shell build.
 */
export type RemoteName = string;

/** One route a module declares: an exact path or a path prefix. */
export interface RemoteRouteDecl {
  path?: string;
  prefix?: string;
  /** Human name for the "not available yet" screen. */
  label: string;
  /** No token needed (public booking page). */
  public?: boolean;
  /** Super admin only: checked before the module is even downloaded. */
  superAdmin?: boolean;
}

export interface RemoteEntry {
  entry: string;
  routes: RemoteRouteDecl[];
}

/** The parsed remotes file: module name → where its files are and which routes it owns. */
export type RemotesMap = Record<RemoteName, RemoteEntry>;

export interface RemoteRoute {
  module: RemoteName;
  label: string;
  isPublic?: boolean;
  superAdmin?: boolean;
}

const clean = (p: string) => p.replace(/\/+$/, '') || '/';

/**
 * The module that owns a pathname, or null when no module does (the shell's 404). An exact path wins over a
 * prefix, and a longer prefix over a shorter one, whatever order the modules are listed in.
 */
export function remoteFor(pathname: string, remotes: RemotesMap): RemoteRoute | null {
  let best: { route: RemoteRoute; score: number } | null = null;
  for (const [module, { routes }] of Object.entries(remotes)) {
    for (const r of routes) {
      let score = -1;
      if (r.path && clean(pathname) === clean(r.path)) score = Number.MAX_SAFE_INTEGER;
      else if (r.prefix && pathname.startsWith(r.prefix)) score = r.prefix.length;
      if (score > (best?.score ?? -1)) {
        best = { score, route: { module, label: r.label, isPublic: r.public, superAdmin: r.superAdmin } };
      }
    }
  }
  return best?.route ?? null;
}

const isRoute = (r: unknown): r is RemoteRouteDecl => {
  const o = r as RemoteRouteDecl;
  return !!o && typeof o.label === 'string' && (typeof o.path === 'string' || typeof o.prefix === 'string');
};

/** Reads the remotes file's JSON; a module listed without routes (or with a malformed one) owns no path. */
export function parseRemotesFile(json: unknown): RemotesMap {
  const out: RemotesMap = {};
  if (!json || typeof json !== 'object') return out;
  for (const [name, value] of Object.entries(json as Record<string, unknown>)) {
    const v = value as Partial<RemoteEntry> | string;
    const entry = typeof v === 'string' ? v : v?.entry;
    if (typeof entry !== 'string' || entry === '') continue;
    const routes = typeof v === 'object' && Array.isArray(v.routes) ? v.routes.filter(isRoute) : [];
    out[name] = { entry, routes };
  }
  return out;
}
