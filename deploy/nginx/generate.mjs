// Generates the gateway's nginx config from the route table: static shell + micro-frontends,
// /api/* to the owning service, /realtime websocket, /dev/mailbox. See README.md.
//
//   node deploy/nginx/generate.mjs [--profile dev|test] [--instances identity=2] [--check]   local gateway, into .data/<profile>/nginx
//   node deploy/nginx/generate.mjs --target compose [--out <dir>]     the gateway container of deploy/compose
//   node deploy/nginx/generate.mjs --target helm                      deploy/helm/files/nginx.conf (the chart's gateway)
//   node deploy/nginx/generate.mjs --target remotes --out <file>      remotes.json of the built modules (the web image)
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseInstances, serviceInstances } from '../local/ports.mjs';
import { moduleReleases, readPins } from './module-versions.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MFE_NAMES = ['calendar', 'store', 'kiosk', 'booking', 'admin'];
export const GATEWAY_HEALTH_PATH = '/_gateway/health';

// File types we serve; inline so the config does not depend on /etc/nginx/mime.types.
const MIME_TYPES = {
  'text/html': 'html htm',
  'text/css': 'css',
  'text/plain': 'txt',
  'application/javascript': 'js mjs',
  'application/json': 'json map',
  'application/manifest+json': 'webmanifest',
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/x-icon': 'ico',
  'font/woff': 'woff',
  'font/woff2': 'woff2',
};

// file names with a content hash (e.g. main.3f9a1c2b.js) never change, so they may be cached for good
const HASHED_ASSET = '\\.[0-9a-f]{8,}\\.(js|mjs|css|map|woff2?|png|jpe?g|gif|svg|webp|ico)';
const LONG_CACHE = 'public, max-age=31536000, immutable';
const json = (body) => `'${JSON.stringify(body)}'`;

/**
 * The content security policy of every HTML answer. The shell sets it once, so it must allow what any
 * route needs: Stripe's script, frames and API (the subscription form), our own modules and chunks
 * (module federation loads them from this origin), the realtime WebSocket and profile pictures. No inline
 * script at all; inline styles stay allowed because Mantine writes its CSS variables and responsive
 * style props into <style> elements at run time (a style cannot run script).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com",
  "font-src 'self' data:",
  "connect-src 'self' ws://$http_host wss://$http_host https://api.stripe.com",
  'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Headers of every HTML answer (add_header is not inherited by a location with its own, so each repeats them). */
export function securityHeaders({ hsts = false } = {}) {
  return [
    `add_header Content-Security-Policy "${CONTENT_SECURITY_POLICY}" always;`,
    'add_header X-Frame-Options DENY always;',
    'add_header X-Content-Type-Options nosniff always;',
    'add_header Referrer-Policy same-origin always;',
    ...(hsts ? ['add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;'] : []),
  ];
}

/**
 * The access log keeps no secret: pages and the relay may carry one in their query string (an activation
 * or reset link, an old client's token), and the Referer of every call made from such a page repeats it.
 * Those query strings are replaced by '?-'; /api/ calls keep theirs (secrets travel in bodies and headers).
 */
const LOG_MAPS = `  map $request_uri $log_uri {
    "~^(?<log_path>/api/[^?]*\\?.*)$" $log_path;
    "~^(?<log_path>[^?]*)\\?" "$log_path?-";
    default $request_uri;
  }
  map $http_referer $log_referer {
    "~^(?<log_ref>[^?]*)\\?" "$log_ref?-";
    default $http_referer;
  }
  log_format turnbook '$remote_addr - [$time_local] "$request_method $log_uri $server_protocol" $status $body_bytes_sent '
                      '"$log_referer" "$http_user_agent" $request_time $request_id';`;

const escapeRegex = (s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
const isParameterised = (p) => /\{\w+\}|(^|\/):\w+/.test(p);

/** 'getUserById/{userId}' -> '^/api/getUserById/[^/]+$' */
export function pathToRegex(routePath) {
  const parts = routePath.split('/').map((seg) => (/^\{\w+\}$|^:\w+$/.test(seg) ? '[^/]+' : escapeRegex(seg)));
  return `^/api/${parts.join('/')}$`;
}

/**
 * The /api locations, one per path: exact `location =` for static paths, anchored regexes for the
 * parameterised ones (most literal segments first, since nginx takes the first regex that matches).
 * Internal routes are never exposed.
 */
export function apiLocations(routes) {
  const byPath = new Map();
  for (const r of routes) {
    if (r.access === 'internal' || r.path.startsWith('internal/')) continue;
    if (!byPath.has(r.path)) byPath.set(r.path, new Map());
    byPath.get(r.path).set(r.method, r.owner);
  }
  const entries = [...byPath.entries()].map(([p, methods]) => ({ path: p, methods, regex: isParameterised(p) }));
  const literalSegments = (p) => p.split('/').filter((s) => !/^\{\w+\}$|^:\w+$/.test(s)).length;
  const exact = entries.filter((e) => !e.regex).sort((a, b) => a.path.localeCompare(b.path));
  const regex = entries.filter((e) => e.regex)
    .sort((a, b) => literalSegments(b.path) - literalSegments(a.path) || b.path.length - a.path.length || a.path.localeCompare(b.path));
  return [...exact, ...regex];
}

function proxyTo(methods) {
  const owners = new Set(methods.values());
  if (owners.size === 1) return `proxy_pass http://svc_${[...owners][0]};`;
  // Same path, different owners per method: refuse other methods, then route by method. (After an
  // `if` matches, nginx still runs the rewrite directives that follow it, hence the guard comes first.)
  const [[, fallbackOwner], ...others] = [...methods.entries()];
  return [
    'default_type application/json;',
    `if ($request_method !~ "^(${[...methods.keys()].join('|')})$") { return 405 ${json({ message: 'Method not allowed', code: 'validation' })}; }`,
    ...others.map(([m, owner]) => `if ($request_method = ${m}) { proxy_pass http://svc_${owner}; }`),
    `proxy_pass http://svc_${fallbackOwner};`,
  ].join('\n      ');
}

/**
 * One upstream per service, round robin over its instances. nginx passes a request on to the next
 * instance only when the one it tried refused or failed before the request was sent (never a POST twice).
 * With `retryRefused` (local stacks, loopback) an instance that refused is not marked down for 10 s as
 * nginx would by default: a restarted instance gets traffic again as soon as it listens.
 */
export function upstreamBlock(name, addresses, retryRefused = false) {
  const servers = addresses.map((a) => `server ${a}${retryRefused ? ' max_fails=0' : ''};`);
  // Idle connections kept per instance: enough for 50 clients at once, or most calls would open a new one.
  // They are closed after 4 s, before Node closes its side (keepAliveTimeout 5 s): a request sent on a
  // connection Node had just closed was reset, and a POST is never tried again (a login answered 503).
  return `  upstream svc_${name} { ${servers.join(' ')} keepalive 64; keepalive_timeout 4s; }`;
}

/**
 * @param {{
 *   routes: Array<{ method: string, path: string, owner: string, access?: string }>,
 *   listen: string,                         e.g. '127.0.0.1:8080'
 *   upstreams: Record<string, string | string[]>,   service name -> 'host:port' of each instance
 *   retryRefused?: boolean,                 local: never mark an instance down (see upstreamBlock)
 *   mailbox?: string,                       'host:port' of the SMTP sink's page (local profiles only)
 *   hostDist: string,                       the shell's built files (or a placeholder)
 *   mfeDists: Record<string, string>,       mfe name -> its dist root (one folder per built version)
 *   remotes?: Record<string, { entry: string, version?: string, routes: object[] }>,  remotes.json's content (module routes' pages)
 *   exposed?: Record<string, string[]>,     mfe name -> its './App' files to preload with its routes' pages
 *   routeFiles?: Record<string, Record<string, string[]>>,  mfe name -> route path -> that page's own files
 *   remotesFile: string,
 *   pidFile: string, errorLog: string, accessLog: string, tempDir: string,
 *   workerUser?: string,                    set when the master runs as root
 *   trustedProxies?: string[],              behind a proxy: take the client address from X-Real-IP
 *   tls?: { listen: string, redirectListen: string, certificate: string, key: string },
 *                                           serve on TLS (HSTS, Secure cookies); redirectListen only redirects to it
 * }} options
 */
export function renderNginxConfig(o) {
  const upstreams = Object.entries(o.upstreams).map(([name, addresses]) => upstreamBlock(name, [addresses].flat(), o.retryRefused));
  if (o.mailbox) upstreams.push(`  upstream mail_sink { server ${o.mailbox}; }`);

  const api = apiLocations(o.routes).map((e) => {
    const match = e.regex ? `~ "${pathToRegex(e.path)}"` : `= /api/${e.path}`;
    return `    location ${match} {\n      ${proxyTo(e.methods)}\n    }`;
  });

  const headers = (indent) => securityHeaders({ hsts: Boolean(o.tls) }).join(`\n${indent}`);
  // Every built version of a module is served (/mfe/<name>/<version>/...): remotes.json chooses which one runs.
  const mfes = Object.entries(o.mfeDists).map(([name, dir]) => `    location ^~ /mfe/${name}/ {
      alias ${dir}/;
      add_header Access-Control-Allow-Origin * always;
      add_header Cache-Control "no-cache" always;  # mf-manifest.json, remoteEntry.js and other unhashed files
      ${headers('      ')}
      location ~ "^/mfe/${name}/(.+${HASHED_ASSET})$" {
        alias ${dir}/$1;
        add_header Access-Control-Allow-Origin * always;
        add_header Cache-Control "${LONG_CACHE}" always;
        ${headers('        ')}
      }
    }`);

  const modulePages = modulePageLocations(o.remotes ?? {}, headers, o.exposed, o.routeFiles);

  const types = Object.entries(MIME_TYPES).map(([type, ext]) => `    ${type} ${ext};`).join('\n');
  const forwarded = `proxy_set_header Host $http_host;
    proxy_set_header X-Real-IP $remote_addr;
    # Replace, never append: a client-sent X-Forwarded-For must not choose the address services count by.
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $http_host;
    # The request's id (never the client's): services log it and carry it with the events it causes.
    proxy_set_header X-Request-Id $request_id;`;

  return `# Generated by deploy/nginx/generate.mjs from libs/contracts' route table. Do not edit.
${o.workerUser ? `user ${o.workerUser};\n` : ''}worker_processes 1;
pid ${o.pidFile};
error_log ${o.errorLog} warn;

# A client and its upstream take two connections: 1024 dropped connections of a 1,000-request burst
# (npm run bench:booking); the file limit is raised with it, and the accept queue (backlog) too.
worker_rlimit_nofile 16384;
events { worker_connections 8192; }

http {
  types {
${types}
  }
  default_type application/octet-stream;
${LOG_MAPS}
  access_log ${o.accessLog} turnbook;
  client_body_temp_path ${o.tempDir}/client_body;
  proxy_temp_path ${o.tempDir}/proxy;
  fastcgi_temp_path ${o.tempDir}/fastcgi;
  uwsgi_temp_path ${o.tempDir}/uwsgi;
  scgi_temp_path ${o.tempDir}/scgi;
  sendfile on;
  server_tokens off;
  client_max_body_size 6m;  # profile pictures
  gzip on;
  gzip_types text/css application/javascript application/json image/svg+xml;

  map $http_upgrade $connection_upgrade { default upgrade; '' close; }

${upstreams.join('\n')}

${o.tls ? `  # Plain HTTP only redirects (the health check stays answerable for the container's probe).
  server {
    listen ${o.tls.redirectListen};
    server_name _;
    location = ${GATEWAY_HEALTH_PATH} { default_type text/plain; return 200 "ok\\n"; }
    location / { return 301 https://$host$request_uri; }
  }

` : ''}  server {
${o.tls ? `    listen ${o.tls.listen} ssl http2;
    ssl_certificate ${o.tls.certificate};
    ssl_certificate_key ${o.tls.key};
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache shared:tls:10m;
    # Every cookie a service sets is Secure on TLS (the refresh token's included).
    proxy_cookie_flags ~ secure;
    add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;` : `    listen ${o.listen} backlog=4096;`}
    server_name ${o.tls ? '_' : 'localhost'};
${(o.trustedProxies ?? []).map((net) => `    set_real_ip_from ${net};\n`).join('')}${o.trustedProxies?.length ? '    real_ip_header X-Real-IP;\n' : ''}
    proxy_http_version 1.1;
    proxy_set_header Connection "";  # keep upstream connections alive
    ${forwarded}
    # Every API answer names its request, the gateway's own errors included (a service echoes the same id).
    proxy_hide_header X-Request-Id;
    add_header X-Request-Id $request_id always;

    location = ${GATEWAY_HEALTH_PATH} { default_type text/plain; return 200 "ok\\n"; }
    # A service's /metrics is for a scraper inside the cluster, on the service's own port (docs/decisions.md).
    location = /metrics {
      default_type application/json;
      return 404 ${json({ message: 'Not found', code: 'notFound' })};
    }

    # --- API: one location per call of the route table, to its owning service ---
    error_page 502 503 504 = @api_unavailable;
    location @api_unavailable {
      default_type application/json;
      return 503 ${json({ message: 'Service unavailable', code: 'unavailable' })};
    }
    # A request nginx refuses itself (a NUL, %00, in the path; a malformed request line): JSON as well, not its
    # HTML page. A service's own 400 passes through untouched (no proxy_intercept_errors).
    # (A URI, not a named location: nginx has no URI to redirect from when the request line itself is bad.)
    error_page 400 /__gateway/bad-request;
    location = /__gateway/bad-request {
      internal;
      default_type application/json;
      return 400 ${json({ message: 'path: is not a valid request path', code: 'validation', field: 'path' })};
    }
    # A body over client_max_body_size: the same JSON answer a service gives for one over its own limit.
    error_page 413 = @too_large;
    location @too_large {
      default_type application/json;
      return 413 ${json({ message: 'body: is too large', code: 'tooLarge', field: 'body' })};
    }
${api.join('\n')}
    location /api/ {
      default_type application/json;
      return 404 ${json({ message: 'Not found', code: 'notFound' })};
    }

    # --- realtime relay (WebSocket) ---
    location /realtime {
      proxy_pass http://svc_realtime;
      ${forwarded}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      proxy_buffering off;
    }
${o.mailbox ? `
    # --- local mail sink's mailbox page ---
    location /dev/mailbox {
      proxy_pass http://mail_sink;
      ${headers('      ')}
    }
    # --- texts kept by messaging's recording transport (it serves this page only outside production) ---
    location /dev/texts {
      proxy_pass http://svc_messaging;
      ${headers('      ')}
    }
` : ''}
    # --- micro-frontends: remotes file and each remote's files ---
    location = /mfe/remotes.json {
      alias ${o.remotesFile};
      default_type application/json;
      add_header Access-Control-Allow-Origin * always;
      add_header Cache-Control "no-cache" always;
      ${headers('      ')}
    }
${mfes.join('\n')}
    location /mfe/ { return 404; }
${o.mfeDists.kiosk ? `
    # --- the kiosk tablet's own app (mfes/kiosk's standalone build; its files are under /mfe/kiosk/app/) ---
    location ^~ /kiosk/ {
      root ${o.mfeDists.kiosk}/app;
      add_header Cache-Control "no-cache" always;
      ${headers('      ')}
      try_files /index.html =404;
    }
    # its service worker, at the top of the scope it serves (/kiosk/): keeps the app's shell for a reload offline
    location = /kiosk/sw.js {
      alias ${o.mfeDists.kiosk}/app/sw.js;
      add_header Cache-Control "no-cache" always;
      ${headers('      ')}
    }
` : ''}
${modulePages.length ? `    # --- module routes (routes.json): the shell's page, with the module's loading chain preloaded ---
${modulePages.join('\n')}
` : ''}    # --- host shell: hashed assets cached for good, everything else falls back to index.html ---
    root ${o.hostDist};
    location ~ "${HASHED_ASSET}$" {
      add_header Cache-Control "${LONG_CACHE}" always;
      ${headers('      ')}
      try_files $uri =404;
    }
    location / {
      add_header Cache-Control "no-cache" always;
      ${headers('      ')}
      # prerendered public pages: home.html for /, <page>.html for /<page> (shells/host/build/prerender.mjs)
      index home.html index.html;
      try_files $uri $uri.html $uri/ /index.html;
    }
  }
}
`;
}

/**
 * A location per module route (remotes.json's routes): the shell's page as under `location /` (a page the
 * shell prerendered for a prefix, /booking/ -> booking.html, when it built one), plus a Link header that
 * preloads what the shell fetches one after another before the module can render: remotes.json, the
 * module's manifest and its remoteEntry.js (the browser fetches them with the page instead).
 */
function modulePageLocations(remotes, headers, exposed = {}, pageFiles = {}) {
  const seen = new Set(['/', '/kiosk/']); // the shell's own locations
  return Object.entries(remotes).flatMap(([name, { entry, routes }]) => {
    // The files sit next to the manifest of the version remotes.json runs (/mfe/<name>/<version>/).
    const base = entry.slice(0, entry.lastIndexOf('/') + 1);
    const link = [
      '</mfe/remotes.json>; rel=preload; as=fetch; crossorigin',
      `<${entry}>; rel=preload; as=fetch; crossorigin`,
      `<${base}remoteEntry.js>; rel=preload; as=script`,
      ...(exposed[name] ?? []).map((f) => `<${base}${f}>; rel=preload; as=${f.endsWith('.css') ? 'style' : 'script'}`),
    ].join(', ');
    const own = routes.filter((r) => {
      const at = r.path ?? r.prefix ?? '';
      if (!/^\/[\w./-]*$/.test(at) || seen.has(at)) return false;
      seen.add(at);
      return true;
    });
    return own.map((r) => {
      // A route's own lazy page (app-files.json "routes"): preloaded too, or it is one more round trip after the App.
      const pageLinks = (r.path ? pageFiles[name]?.[r.path] ?? [] : []).map((f) => `, <${base}${f}>; rel=preload; as=${f.endsWith('.css') ? 'style' : 'script'}`).join('');
      const files = `try_files $uri.html ${r.prefix ? `${r.prefix.replace(/\/+$/, '')}.html ` : ''}/index.html =404;`;
      const block = (indent, links) => `add_header Cache-Control "no-cache" always;
${indent}add_header Link "${links}" always;
${indent}# Files only (the last one too): an internal redirect to /index.html would drop this location's headers.
${indent}${headers(indent)}
${indent}${files}`;
      // A prefix route may name the call its first screen makes with the rest of the path (routes.json
      // "preload": "/api/public_getStoreByPermalink/{rest}"): preloaded too when the rest is a plain slug.
      const data = r.prefix && typeof r.preload === 'string' && /^\/api\/[\w/-]*\{rest\}$/.test(r.preload)
        ? `
      location ~ "^${escapeRegex(r.prefix)}(?<rest>[a-z0-9-]{1,100})/?$" {
        ${block('        ', `${link}, <${r.preload.replace('{rest}', '$rest')}>; rel=preload; as=fetch; crossorigin`)}
      }`
        : '';
      return `    location ${r.path ? `= ${r.path}` : `^~ ${r.prefix}`} {
      ${block('      ', `${link}${pageLinks}`)}${data}
    }`;
    });
  });
}

/**
 * Per running module ({ name: { dir, version } }, moduleReleases), the files its exposed './App' needs at once:
 * its build's app-files.json when it writes one (the whole chunk group), else its manifest's sync JS and CSS.
 * Preloaded with a module route's page; read with the files, as remotes.json is (same deploy).
 */
export function exposedFiles(releases) {
  return Object.fromEntries(Object.entries(releases)
    .filter(([, { dir }]) => existsSync(path.join(dir, 'mf-manifest.json')))
    .map(([name, { dir }]) => {
      const listed = path.join(dir, 'app-files.json');
      let files;
      if (existsSync(listed)) files = JSON.parse(readFileSync(listed, 'utf8')).files ?? [];
      else {
        const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
        const app = (manifest.exposes ?? []).find((e) => e.path === './App');
        files = [...(app?.assets?.css?.sync ?? []), ...(app?.assets?.js?.sync ?? [])];
      }
      return [name, files.filter((f) => typeof f === 'string' && /^[\w.-]+$/.test(f))];
    }));
}

/**
 * Per built module, its route pages' own files (app-files.json "routes": { "/appointments": [...] }), for
 * the routes whose page the module loads lazily after its App.
 */
export function routeFiles(releases) {
  return Object.fromEntries(Object.entries(releases)
    .map(([name, { dir }]) => [name, path.join(dir, 'app-files.json')])
    .filter(([, listed]) => existsSync(listed))
    .map(([name, listed]) => {
      const routes = JSON.parse(readFileSync(listed, 'utf8')).routes ?? {};
      return [name, Object.fromEntries(Object.entries(routes)
        .filter(([at, files]) => /^\/[\w./-]*$/.test(at) && Array.isArray(files))
        .map(([at, files]) => [at, files.filter((f) => typeof f === 'string' && /^[\w.-]+$/.test(f))]))];
    }));
}

/**
 * { calendar: { entry: '/mfe/calendar/1.4.0/mf-manifest.json', version: '1.4.0', routes: [{ prefix: '/calendar/', label }] }, ... }
 * for every running module ({ name: { dir, version } }, moduleReleases); the routes come from the routes.json
 * that version's build ships.
 */
export function remotesFor(releases) {
  return Object.fromEntries(Object.entries(releases)
    .filter(([, { dir }]) => existsSync(path.join(dir, 'mf-manifest.json')))
    .map(([name, { dir, version }]) => {
      const routesFile = path.join(dir, 'routes.json');
      const routes = existsSync(routesFile) ? JSON.parse(readFileSync(routesFile, 'utf8')).routes ?? [] : [];
      return [name, { entry: `/mfe/${name}/${version}/mf-manifest.json`, version, routes }];
    }));
}

/** nginx refuses to start as root without a worker user; workers need write access to temp dirs. */
function workerUserWhenRoot(tempDirs) {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n').map((l) => l.split(':'));
  const nobody = passwd.find((f) => f[0] === 'nobody');
  if (!nobody) return 'root';
  for (const dir of tempDirs) chownSync(dir, Number(nobody[2]), Number(nobody[3]));
  const group = readFileSync('/etc/group', 'utf8').split('\n').map((l) => l.split(':')).find((f) => f[2] === nobody[3]);
  return `nobody ${group?.[0] ?? 'nogroup'}`;
}

/**
 * Writes nginx.conf, remotes.json and (if the shell is not built) a placeholder page into
 * `nginxDir`, loading the real route table unless `routes` is given. `instances`: how many of each
 * service (deploy/local/ports.mjs parseInstances; one each when absent). `running`: the instances a rolling
 * deploy left (service -> [{ port }]), which replace the numbered ones of those services.
 * @returns {Promise<{ confFile: string, prefix: string, remotes: Record<string, object>, hostBuilt: boolean, ignoredPins: string[] }>}
 */
export async function writeGatewayConfig({ nginxDir, logDir, ports, routes, instances = {}, running = {} }) {
  if (!routes) routes = (await import('./load-routes.mjs').then((m) => m.loadContracts())).ROUTES;
  const runDir = path.join(nginxDir, 'run');
  const tempDir = path.join(nginxDir, 'temp');
  const tempDirs = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((d) => path.join(tempDir, d));
  for (const d of [nginxDir, logDir, runDir, ...tempDirs]) mkdirSync(d, { recursive: true });

  const mfeDists = Object.fromEntries(MFE_NAMES.map((n) => [n, path.join(REPO_ROOT, 'mfes', n, 'dist')]));
  const releases = moduleReleases(mfeDists, readPins(nginxDir));
  const remotes = remotesFor(releases);
  const remotesFile = path.join(nginxDir, 'remotes.json');
  writeFileSync(remotesFile, `${JSON.stringify(remotes, null, 2)}\n`);

  let hostDist = path.join(REPO_ROOT, 'shells/host/dist');
  const hostBuilt = existsSync(path.join(hostDist, 'index.html'));
  if (!hostBuilt) {
    hostDist = path.join(nginxDir, 'placeholder');
    mkdirSync(hostDist, { recursive: true });
    writeFileSync(path.join(hostDist, 'index.html'), '<!doctype html><title>Turnbook</title>'
      + '<p>The host shell (shells/host) has not been built yet. The API is up under /api/.</p>\n');
  }

  const confFile = path.join(nginxDir, 'nginx.conf');
  writeFileSync(confFile, renderNginxConfig({
    routes,
    listen: `127.0.0.1:${ports.gateway}`,
    upstreams: Object.fromEntries(Object.entries({ ...serviceInstances(ports, instances), ...running })
      .map(([name, list]) => [name, list.map((i) => `127.0.0.1:${i.port}`)])),
    retryRefused: true,
    mailbox: `127.0.0.1:${ports.mailbox}`,
    hostDist,
    mfeDists,
    remotes,
    exposed: exposedFiles(releases),
    routeFiles: routeFiles(releases),
    remotesFile,
    pidFile: path.join(runDir, 'nginx.pid'),
    errorLog: path.join(logDir, 'nginx-error.log'),
    accessLog: path.join(logDir, 'nginx-access.log'),
    tempDir,
    workerUser: workerUserWhenRoot(tempDirs),
  }));
  return { confFile, prefix: nginxDir, remotes, hostBuilt, ignoredPins: releases.ignored };
}

/** Where the compose gateway finds its certificate (cert.pem, key.pem): mounted, or made at first start. */
export const TLS_DIR = '/etc/nginx/tls';

/**
 * The gateway of deploy/compose: same routing, service containers by name, files under /srv, logs to
 * the container's output. Clients reach it directly: TLS on 8443 (published as 443), 8080 (80) redirects. Written into `outDir`, which the gateway container mounts at `mountedAt`.
 */
export async function writeComposeGatewayConfig({ outDir, mountedAt = '/etc/nginx/turnbook', routes }) {
  if (!routes) routes = (await import('./load-routes.mjs').then((m) => m.loadContracts())).ROUTES;
  const { SERVICES } = await import('../local/ports.mjs');
  mkdirSync(outDir, { recursive: true });
  const releases = moduleReleases(Object.fromEntries(MFE_NAMES.map((n) => [n, path.join(REPO_ROOT, 'mfes', n, 'dist')])), readPins(outDir));
  const remotes = remotesFor(releases);
  writeFileSync(path.join(outDir, 'remotes.json'), `${JSON.stringify(remotes, null, 2)}\n`);
  const confFile = path.join(outDir, 'nginx.conf');
  writeFileSync(confFile, renderNginxConfig({
    routes,
    listen: '8443',
    tls: { listen: '8443', redirectListen: '8080', certificate: `${TLS_DIR}/cert.pem`, key: `${TLS_DIR}/key.pem` },
    upstreams: Object.fromEntries(Object.entries(SERVICES).map(([name, { port }]) => [name, `${name}:${port}`])),
    hostDist: '/srv/host',
    mfeDists: Object.fromEntries(MFE_NAMES.map((n) => [n, `/srv/mfe/${n}`])),
    remotes,
    exposed: exposedFiles(releases),
    routeFiles: routeFiles(releases),
    remotesFile: `${mountedAt}/remotes.json`,
    pidFile: '/tmp/nginx.pid',
    errorLog: '/dev/stderr',
    accessLog: '/dev/stdout',
    tempDir: '/tmp',
    workerUser: 'nginx',
  }));
  return { confFile, remotes };
}

/** Where the chart keeps the gateway's config (deploy/helm/files/nginx.conf, a ConfigMap at install). */
export const HELM_GATEWAY_CONF = path.join(REPO_ROOT, 'deploy/helm/files/nginx.conf');
/** What the chart puts in place of the release's name prefix of its Services (templates/gateway.yaml). */
export const HELM_RELEASE_PREFIX = 'RELEASE-PREFIX';
/** The cluster's private address ranges: an ingress controller in front of the gateway is on one of them. */
const CLUSTER_NETWORKS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];

/**
 * The gateway of deploy/helm: same routing, the release's Services by name (RELEASE-PREFIX-identity:4101),
 * plain HTTP on 8080 behind the cluster's ingress (TLS ends there), the web image's files under /srv
 * (deploy/helm/web/Dockerfile), nginx running unprivileged (pid and temp files in /tmp). Module routes get
 * no preload locations: which module versions run is known only when the web image is built.
 */
export function renderHelmGatewayConfig(routes, services) {
  return renderNginxConfig({
    routes,
    listen: '8080',
    upstreams: Object.fromEntries(Object.entries(services).map(([name, { port }]) => [name, `${HELM_RELEASE_PREFIX}-${name}:${port}`])),
    hostDist: '/srv/host',
    mfeDists: Object.fromEntries(MFE_NAMES.map((n) => [n, `/srv/mfe/${n}`])),
    remotesFile: '/srv/remotes.json',
    pidFile: '/tmp/nginx.pid',
    errorLog: '/dev/stderr',
    accessLog: '/dev/stdout',
    tempDir: '/tmp',
    trustedProxies: CLUSTER_NETWORKS,
  });
}

/** remotes.json of the modules built under `repoRoot` (the web image's build writes it next to their files). */
export function writeRemotesFile(outFile, repoRoot = REPO_ROOT) {
  const releases = moduleReleases(Object.fromEntries(MFE_NAMES.map((n) => [n, path.join(repoRoot, 'mfes', n, 'dist')])), {});
  const remotes = remotesFor(releases);
  writeFileSync(outFile, `${JSON.stringify(remotes, null, 2)}\n`);
  return remotes;
}

/** nginx's own arguments: everything (pid, logs, temp files) stays under the prefix we give it. */
export const nginxArgs = ({ prefix, confFile }) => ['-p', prefix, '-c', confFile, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { parseArgs } = await import('node:util');
  const { spawnSync } = await import('node:child_process');
  const { values } = parseArgs({ options: {
    profile: { type: 'string', default: 'dev' },
    check: { type: 'boolean' },
    instances: { type: 'string' }, // identity=2,customers=3 (default: TURNBOOK_INSTANCES)
    target: { type: 'string', default: 'local' }, // local | compose | helm | remotes
    out: { type: 'string', default: path.join(REPO_ROOT, 'deploy/compose/gateway') },
  } });
  if (values.target === 'helm') { // the chart's nginx.conf (committed; a test checks it is current)
    const { ROUTES } = await import('./load-routes.mjs').then((m) => m.loadContracts());
    const { SERVICES } = await import('../local/ports.mjs');
    writeFileSync(HELM_GATEWAY_CONF, renderHelmGatewayConfig(ROUTES, SERVICES));
    console.log(HELM_GATEWAY_CONF);
    process.exit(0);
  }
  if (values.target === 'remotes') { // the web image's remotes.json (deploy/helm/web/Dockerfile)
    console.log(JSON.stringify(writeRemotesFile(path.resolve(values.out))));
    process.exit(0);
  }
  if (values.target === 'compose') {
    const out = await writeComposeGatewayConfig({ outDir: path.resolve(values.out) });
    console.log(out.confFile);
    process.exit(0);
  }
  const { portsFor } = await import('../local/ports.mjs');
  const { profileDirs } = await import('../local/paths.mjs');
  const dirs = profileDirs(values.profile);
  const instances = parseInstances(values.instances ?? process.env.TURNBOOK_INSTANCES);
  const out = await writeGatewayConfig({ nginxDir: dirs.nginx, logDir: dirs.logs, ports: portsFor(values.profile), instances });
  console.log(out.confFile);
  if (values.check) {
    const r = spawnSync('nginx', [...nginxArgs(out).slice(0, 6), '-t'], { stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }
}
