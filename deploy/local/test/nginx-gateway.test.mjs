// The generated gateway config, checked by nginx itself (nginx -t) and by real requests through nginx
// to fake services.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GATEWAY_HEALTH_PATH, nginxArgs, renderNginxConfig, writeComposeGatewayConfig, writeGatewayConfig } from '../../nginx/generate.mjs';
import { loadContracts } from '../../nginx/load-routes.mjs';
import { findBinary } from '../find-binary.mjs';
import { freePort, freePorts, httpCheck, waitFor } from '../health.mjs';
import { portsFor } from '../ports.mjs';
import { reloadNginx } from '../roll.mjs';

const nginx = findBinary('nginx');
const nginxTest = (prefix, confFile) => spawnSync(nginx, [...nginxArgs({ prefix, confFile }).slice(0, 6), '-t'], { encoding: 'utf8' });

const FIXTURE_ROUTES = [
  { method: 'GET', path: '.well-known/jwks.json', owner: 'identity', access: 'public' },
  { method: 'POST', path: 'login', owner: 'identity', access: 'public' },
  { method: 'GET', path: 'getUserById/{userId}', owner: 'identity', access: 'self' },
  { method: 'GET', path: 'getCustomersByStoreId/{storeId}', owner: 'customers', access: 'storeMember' },
  { method: 'POST', path: 'customer', owner: 'customers', access: 'optional' },
  { method: 'GET', path: 'getSetting/{kind}/{id}', owner: 'scheduling', access: 'public' },
  { method: 'GET', path: 'getSetting/store/{storeId}', owner: 'identity', access: 'storeMember' },
  { method: 'POST', path: 'uploadProfilePicture/{userId}/{orientation}', owner: 'identity', access: 'self' },
  { method: 'GET', path: 'thing/{id}', owner: 'billing', access: 'public' },
  { method: 'PATCH', path: 'thing/{id}', owner: 'messaging', access: 'public' },
  { method: 'GET', path: 'internal/users', owner: 'identity', access: 'internal' },
];
const SERVICE_NAMES = ['identity', 'scheduling', 'customers', 'billing', 'messaging', 'realtime'];

/** A WebSocket upgrade of /realtime through the gateway: the raw socket, left open, and the answer's head. */
function openRealtime(gatewayUrl) {
  const { port } = new URL(gatewayUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(
      'GET /realtime HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
      + 'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    ));
    socket.once('data', (d) => resolve({ socket, head: String(d) }));
    socket.once('error', reject);
  });
}

describe('nginx gateway config', () => {
  it('when generated from the real route table, then nginx -t accepts it and every public call has a location', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tb-nginx-real-'));
    try {
      const { ROUTES } = await loadContracts();
      const gateway = await writeGatewayConfig({ nginxDir: dir, logDir: path.join(dir, 'logs'), ports: portsFor('test') });
      const check = nginxTest(gateway.prefix, gateway.confFile);
      expect(check.stderr).toContain('syntax is ok');
      expect(check.status).toBe(0);
      const conf = readFileSync(gateway.confFile, 'utf8');
      for (const r of ROUTES.filter((x) => x.access !== 'internal')) {
        const literal = r.path.split('/')[0].replace(/\./g, '\\.');
        expect(conf).toContain(r.path.includes('{') ? `^/api/${literal}/` : `= /api/${r.path} {`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('when nginx runs the config in front of fake services', () => {
    let dir;
    let gatewayUrl;
    let nginxProcess;
    const servers = [];

    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'tb-nginx-run-'));
      const services = {};
      const fakeService = async (name, instance) => {
        const server = http.createServer((req, res) => {
          req.resume();
          req.on('end', () => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ service: name, instance, method: req.method, url: req.url, xff: req.headers['x-forwarded-for'], realIp: req.headers['x-real-ip'], requestId: req.headers['x-request-id'] }));
          });
        });
        server.on('upgrade', (req, socket) => {
          // left open, as a page's /realtime socket is (the client closes it)
          socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Service: ${name}\r\n\r\n`);
        });
        await new Promise((r) => server.listen(0, '127.0.0.1', r));
        servers.push(server);
        return `127.0.0.1:${server.address().port}`;
      };
      for (const name of SERVICE_NAMES.filter((n) => n !== 'billing')) { // billing stays down
        services[name] = await fakeService(name, 1);
      }
      // customers: two instances that answer and a third that is down (a restart in progress)
      services.customers = [services.customers, await fakeService('customers', 2), `127.0.0.1:${await freePort()}`];
      services.billing = `127.0.0.1:${await freePort()}`;
      const mailbox = http.createServer((req, res) => res.end(`mailbox ${req.url}`));
      await new Promise((r) => mailbox.listen(0, '127.0.0.1', r));
      servers.push(mailbox);

      const hostDist = path.join(dir, 'host');
      // A module's dist root holds one folder per built version; remotes.json names the one that runs.
      const calendarDist = path.join(dir, 'calendar');
      for (const d of [hostDist, path.join(calendarDist, '1.0.0'), path.join(calendarDist, '1.1.0'), path.join(dir, 'logs'), path.join(dir, 'run'), path.join(dir, 'temp')]) mkdirSync(d, { recursive: true });
      writeFileSync(path.join(hostDist, 'index.html'), '<title>shell</title>');
      writeFileSync(path.join(hostDist, 'home.html'), '<title>home prerendered</title>');
      writeFileSync(path.join(hostDist, 'login.html'), '<title>login prerendered</title>');
      writeFileSync(path.join(hostDist, 'booking.html'), '<title>booking prerendered</title>');
      writeFileSync(path.join(hostDist, 'main.0123abcd.js'), 'console.log(1)');
      for (const v of ['1.0.0', '1.1.0']) {
        writeFileSync(path.join(calendarDist, v, 'mf-manifest.json'), `{"version":"${v}"}`);
        writeFileSync(path.join(calendarDist, v, 'remoteEntry.js'), '//');
      }
      writeFileSync(path.join(calendarDist, '1.1.0', '123.89abcdef.js'), '//');
      writeFileSync(path.join(dir, 'remotes.json'), '{"calendar":"/mfe/calendar/1.1.0/mf-manifest.json"}');
      const kioskDist = path.join(dir, 'kiosk');
      mkdirSync(path.join(kioskDist, 'app'), { recursive: true });
      writeFileSync(path.join(kioskDist, 'app', 'index.html'), '<title>kiosk</title>');
      writeFileSync(path.join(kioskDist, 'app', 'main.0123abcd.js'), '//');

      const listenPort = await freePort();
      gatewayUrl = `http://127.0.0.1:${listenPort}`;
      const confFile = path.join(dir, 'nginx.conf');
      writeFileSync(confFile, renderNginxConfig({
        routes: FIXTURE_ROUTES,
        listen: `127.0.0.1:${listenPort}`,
        upstreams: services,
        retryRefused: true,
        mailbox: `127.0.0.1:${mailbox.address().port}`,
        hostDist,
        mfeDists: { calendar: calendarDist, kiosk: path.join(dir, 'kiosk') },
        remotes: {
          calendar: { entry: '/mfe/calendar/1.1.0/mf-manifest.json', version: '1.1.0', routes: [{ prefix: '/calendar/', label: 'Calendar' }, { path: '/turns', label: 'Turns' }] },
          booking: { entry: '/mfe/booking/2.0.0/mf-manifest.json', version: '2.0.0', routes: [{ prefix: '/booking/', label: 'Booking', preload: '/api/getUserById/{rest}' }] },
        },
        exposed: { booking: ['app.0123abcd.css', 'app.0123abcd.js'] },
        routeFiles: { calendar: { '/turns': ['turns.0123abcd.js'] } },
        remotesFile: path.join(dir, 'remotes.json'),
        pidFile: path.join(dir, 'run', 'nginx.pid'),
        errorLog: path.join(dir, 'logs', 'error.log'),
        accessLog: path.join(dir, 'logs', 'access.log'),
        tempDir: path.join(dir, 'temp'),
        workerUser: process.getuid() === 0 ? 'root' : undefined, // temp dirs here are private to us
      }));
      nginxProcess = spawn(nginx, nginxArgs({ prefix: dir, confFile }), { stdio: 'ignore' });
      const state = await waitFor({ check: httpCheck(`${gatewayUrl}${GATEWAY_HEALTH_PATH}`), timeoutMs: 10000 });
      if (state !== 'ready') throw new Error(`nginx did not start: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    });

    afterAll(async () => {
      if (nginxProcess && nginxProcess.exitCode === null) {
        const exited = new Promise((r) => nginxProcess.once('exit', r));
        nginxProcess.kill('SIGTERM');
        await exited;
      }
      for (const s of servers) s.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const call = async (method, url, init = {}) => {
      const res = await fetch(`${gatewayUrl}${url}`, { method, ...init });
      const text = await res.text();
      let body = text;
      try { body = JSON.parse(text); } catch { /* not JSON */ }
      return { status: res.status, body, headers: res.headers };
    };

    it("then a module route's page is the shell's, with its module's loading chain preloaded by a Link header", async () => {
      const turns = await call('GET', '/turns');
      expect(turns.body).toBe('<title>shell</title>');
      expect(turns.headers.get('link')).toBe('</mfe/remotes.json>; rel=preload; as=fetch; crossorigin, </mfe/calendar/1.1.0/mf-manifest.json>; rel=preload; as=fetch; crossorigin, </mfe/calendar/1.1.0/remoteEntry.js>; rel=preload; as=script, </mfe/calendar/1.1.0/turns.0123abcd.js>; rel=preload; as=script');
      expect(turns.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect((await call('GET', '/calendar/lotus')).headers.get('link')).toContain('</mfe/calendar/1.1.0/remoteEntry.js>');
      // A route's own page files go with that route's page only.
      expect((await call('GET', '/calendar/lotus')).headers.get('link')).not.toContain('turns.0123abcd.js');
      expect((await call('GET', '/nothing-here')).headers.get('link')).toBeNull();
    });

    it("then a prefix route's page is the one the shell prerendered for it, preloading the module's App files and, for a plain slug, the call its first screen makes", async () => {
      const page = await call('GET', '/booking/lotus-nail-spa');
      expect(page.body).toBe('<title>booking prerendered</title>');
      const link = page.headers.get('link');
      expect(link).toContain('</mfe/booking/2.0.0/app.0123abcd.css>; rel=preload; as=style, </mfe/booking/2.0.0/app.0123abcd.js>; rel=preload; as=script');
      expect(link).toContain('</api/getUserById/lotus-nail-spa>; rel=preload; as=fetch; crossorigin');
      const odd = await call('GET', '/booking/Lotus%20Spa%3E');
      expect(odd.body).toBe('<title>booking prerendered</title>');
      expect(odd.headers.get('link')).not.toContain('/api/');
    });

    it('then a static call reaches its owner with the full path and the client address headers', async () => {
      const res = await call('POST', '/api/login?x=1', { body: '{}' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ service: 'identity', method: 'POST', url: '/api/login?x=1', xff: '127.0.0.1', realIp: '127.0.0.1' });
    });

    it('when an API call goes through, then the service is told the gateway\'s request id (never the client\'s) and the client gets the same one', async () => {
      const res = await call('POST', '/api/login', { body: '{}', headers: { 'X-Request-Id': 'chosen-by-client' } });
      expect(res.body.requestId).toMatch(/^[0-9a-f]{32}$/);
      expect(res.headers.get('x-request-id')).toBe(res.body.requestId);
      const down = await call('GET', '/api/thing/1');
      expect(down.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    });

    it('then parameterised calls reach their owners, the more literal path first', async () => {
      expect((await call('GET', '/api/getUserById/42')).body.service).toBe('identity');
      expect((await call('GET', '/api/getCustomersByStoreId/7')).body.service).toBe('customers');
      expect((await call('GET', '/api/getSetting/store/7')).body.service).toBe('identity');
      expect((await call('GET', '/api/getSetting/staff/7')).body.service).toBe('scheduling');
      expect((await call('GET', '/api/getUserById/42/extra')).status).toBe(404);
    });

    it('then the same path with different owners per method goes by method', async () => {
      expect((await call('PATCH', '/api/thing/1')).body.service).toBe('messaging');
      expect((await call('DELETE', '/api/thing/1')).status).toBe(405);
    });

    it('then internal and unknown calls get a 404 JSON answer, and the JWKS goes to identity', async () => {
      for (const url of ['/api/internal/users', '/api/nope']) {
        const res = await call('GET', url);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Not found', code: 'notFound' });
      }
      expect((await call('GET', '/api/.well-known/jwks.json')).body.service).toBe('identity');
    });

    it('then calls to a service with several instances go round robin, skipping one that is down, POSTs included', async () => {
      const answered = [];
      for (let i = 0; i < 12; i++) {
        const res = await call(i % 2 ? 'POST' : 'GET', i % 2 ? '/api/customer' : '/api/getCustomersByStoreId/7', i % 2 ? { body: '{}' } : {});
        expect(res.status).toBe(200);
        answered.push(res.body.instance);
      }
      expect(new Set(answered)).toEqual(new Set([1, 2]));
      expect(answered.filter((n) => n === 2).length).toBeGreaterThanOrEqual(3);
    });

    it('then a service that is down gives a 503 JSON answer', async () => {
      const res = await call('GET', '/api/thing/1');
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('unavailable');
    });

    it('then bodies up to 6 MB pass and bigger ones are refused', async () => {
      const ok = await call('POST', '/api/uploadProfilePicture/1/portrait', { body: Buffer.alloc(5 * 1024 * 1024) });
      expect(ok.body.service).toBe('identity');
      const tooBig = await call('POST', '/api/uploadProfilePicture/1/portrait', { body: Buffer.alloc(7 * 1024 * 1024) });
      expect(tooBig.status).toBe(413);
    });

    it('then /realtime upgrades to a WebSocket at the realtime service', async () => {
      const { socket, head } = await openRealtime(gatewayUrl);
      socket.destroy();
      expect(head).toMatch(/^HTTP\/1\.1 101/);
      expect(head).toContain('X-Service: realtime');
    });

    it("when a WebSocket stays open across a reload, then a roll's reload returns once its in-flight window is over, and a full one waits for the old worker or its settle time", async () => {
      const { socket } = await openRealtime(gatewayUrl);
      try {
        let began = Date.now();
        await reloadNginx(nginxProcess.pid, { inFlightMs: 200, settleMs: 3000 });
        const roll = Date.now() - began;
        began = Date.now();
        await reloadNginx(nginxProcess.pid, { settleMs: 1500 });
        const full = Date.now() - began;
        expect({ rollUnder1200: roll < 1200, fullAtLeast1400: full >= 1400 }).toEqual({ rollUnder1200: true, fullAtLeast1400: true });
      } finally {
        socket.destroy();
      }
    });

    it('then the shell falls back to index.html and hashed assets are cached for good', async () => {
      const page = await call('GET', '/calendar/demo-salon');
      expect(page.body).toContain('<title>shell</title>');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const asset = await call('GET', '/main.0123abcd.js');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect(asset.headers.get('content-type')).toContain('javascript');
    });

    it('then / and /login answer their prerendered pages, without a redirect, and other routes the shell', async () => {
      const home = await call('GET', '/');
      expect(home.status).toBe(200);
      expect(home.body).toContain('<title>home prerendered</title>');
      const login = await call('GET', '/login');
      expect(login.status).toBe(200);
      expect(login.body).toContain('<title>login prerendered</title>');
      expect(login.headers.get('cache-control')).toBe('no-cache');
      expect((await call('GET', '/register')).body).toContain('<title>shell</title>');
    });

    it('then micro-frontend files carry CORS headers, the manifest is never cached, every built version is served, and remotes.json names the one that runs', async () => {
      expect((await call('GET', '/mfe/calendar/1.0.0/mf-manifest.json')).body).toEqual({ version: '1.0.0' });
      const manifest = await call('GET', '/mfe/calendar/1.1.0/mf-manifest.json');
      expect(manifest.body).toEqual({ version: '1.1.0' });
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      const entry = await call('GET', '/mfe/calendar/1.1.0/remoteEntry.js');
      expect(entry.headers.get('cache-control')).toBe('no-cache');
      const chunk = await call('GET', '/mfe/calendar/1.1.0/123.89abcdef.js');
      expect(chunk.status).toBe(200);
      expect(chunk.headers.get('cache-control')).toContain('immutable');
      expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
      const remotes = await call('GET', '/mfe/remotes.json');
      expect(remotes.body).toEqual({ calendar: '/mfe/calendar/1.1.0/mf-manifest.json' });
      expect((await call('GET', '/mfe/store/remoteEntry.js')).status).toBe(404);
    });

    it("then /kiosk/{permalink} is the kiosk's own page (not the shell's) and its files are under /mfe/kiosk/app/", async () => {
      const page = await call('GET', '/kiosk/demo-salon');
      expect(page.body).toContain('<title>kiosk</title>');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const asset = await call('GET', '/mfe/kiosk/app/main.0123abcd.js');
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
    });

    it("when a service's /metrics is asked through the gateway, however spelled, then it is refused and no service is reached", async () => {
      const { port } = new URL(gatewayUrl);
      // Raw paths: fetch would resolve the dot segments before sending.
      const raw = (target) => new Promise((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: target }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode, text }));
        }).on('error', reject);
      });
      for (const target of ['/metrics', '/metrics?x=1', '/%6Detrics', '//metrics', '/api/../metrics', '/realtime/../metrics', '/dev/texts/../../metrics']) {
        const res = await raw(target);
        expect({ target, status: res.status }).toEqual({ target, status: 404 });
        expect(res.text).not.toContain('"service"');
      }
      expect((await call('GET', '/api/metrics')).status).toBe(404);
    });

    it('then /dev/mailbox reaches the mail sink', async () => {
      const res = await call('GET', '/dev/mailbox?to=a@b.c');
      expect(res.body).toBe('mailbox /dev/mailbox?to=a@b.c');
    });

    it('then /dev/texts (the recorded texts) reaches messaging', async () => {
      const res = await call('GET', '/dev/texts?format=json');
      expect(res.body).toMatchObject({ service: 'messaging', url: '/dev/texts?format=json' });
    });

    it('when an HTML page is served (shell route, index, dev page), then it carries CSP with frame-ancestors none, DENY, nosniff and a referrer policy', async () => {
      for (const url of ['/', '/calendar/demo-salon', '/kiosk/demo-salon', '/dev/mailbox', '/dev/texts', '/mfe/calendar/1.1.0/remoteEntry.js']) {
        const { headers } = await call('GET', url);
        const csp = headers.get('content-security-policy') ?? '';
        expect([url, csp]).toEqual([url, expect.stringContaining("frame-ancestors 'none'")]);
        expect(csp).toContain("script-src 'self' https://js.stripe.com");
        expect(csp).toContain('frame-src https://js.stripe.com');
        expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:/);
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(headers.get('x-frame-options')).toBe('DENY');
        expect(headers.get('x-content-type-options')).toBe('nosniff');
        expect(headers.get('referrer-policy')).toBe('same-origin');
      }
    });

    it('when a body is over the gateway limit, then the 413 is the JSON error answer', async () => {
      const res = await call('POST', '/api/uploadProfilePicture/1/portrait', { body: Buffer.alloc(7 * 1024 * 1024) });
      expect([res.status, res.body]).toEqual([413, { message: 'body: is too large', code: 'tooLarge', field: 'body' }]);
    });

    it('when a page or the relay is requested with a secret in its query string, then the access log keeps neither it nor a Referer holding it', async () => {
      await call('GET', '/reset-password?a=4&b=reset-secret-1');
      await call('GET', '/realtime?token=relay-secret-2');
      await call('GET', '/api/getUserById/42?keep=visible', { headers: { referer: 'http://localhost/activate?a=1&b=activate-secret-3' } });
      const log = await waitFor({ check: async () => {
        const text = readFileSync(path.join(dir, 'logs', 'access.log'), 'utf8');
        return text.includes('keep=visible');
      }, timeoutMs: 5000 });
      expect(log).toBe('ready');
      const text = readFileSync(path.join(dir, 'logs', 'access.log'), 'utf8');
      expect(text).toContain('GET /reset-password?- ');
      expect(text).toContain('GET /realtime?- ');
      expect(text).toContain('"http://localhost/activate?-"');
      expect(text).not.toMatch(/secret-\d/);
    });
  });

  describe('when the compose gateway serves TLS', () => {
    let dir;
    let nginxProcess;
    let ports;
    let upstream;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'tb-nginx-tls-'));
      for (const d of ['host', 'logs', 'run', 'temp', 'tls']) mkdirSync(path.join(dir, d), { recursive: true });
      writeFileSync(path.join(dir, 'host', 'index.html'), '<title>shell</title>');
      writeFileSync(path.join(dir, 'remotes.json'), '{}');
      // the same self-signed certificate the compose file's gateway-cert makes at first start
      const cert = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
        '-subj', '/CN=localhost', '-keyout', path.join(dir, 'tls', 'key.pem'), '-out', path.join(dir, 'tls', 'cert.pem')], { encoding: 'utf8' });
      if (cert.status !== 0) throw new Error(cert.stderr);
      // a service that sets a cookie without Secure, as one behind plain HTTP would
      upstream = http.createServer((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'refresh=abc; Path=/api/; HttpOnly' });
        res.end(JSON.stringify({ proto: req.headers['x-forwarded-proto'] }));
      });
      await new Promise((r) => upstream.listen(0, '127.0.0.1', r));
      const [tls, plain] = await freePorts(2);
      ports = { tls, plain };
      const confFile = path.join(dir, 'nginx.conf');
      writeFileSync(confFile, renderNginxConfig({
        routes: FIXTURE_ROUTES,
        listen: `127.0.0.1:${ports.tls}`,
        tls: { listen: `127.0.0.1:${ports.tls}`, redirectListen: `127.0.0.1:${ports.plain}`, certificate: path.join(dir, 'tls', 'cert.pem'), key: path.join(dir, 'tls', 'key.pem') },
        upstreams: Object.fromEntries(SERVICE_NAMES.map((n) => [n, `127.0.0.1:${upstream.address().port}`])),
        hostDist: path.join(dir, 'host'),
        mfeDists: {},
        remotesFile: path.join(dir, 'remotes.json'),
        pidFile: path.join(dir, 'run', 'nginx.pid'),
        errorLog: path.join(dir, 'logs', 'error.log'),
        accessLog: path.join(dir, 'logs', 'access.log'),
        tempDir: path.join(dir, 'temp'),
        workerUser: process.getuid() === 0 ? 'root' : undefined,
      }));
      nginxProcess = spawn(nginx, nginxArgs({ prefix: dir, confFile }), { stdio: 'ignore' });
      const state = await waitFor({ check: httpCheck(`http://127.0.0.1:${ports.plain}${GATEWAY_HEALTH_PATH}`), timeoutMs: 10000 });
      if (state !== 'ready') throw new Error(`nginx did not start: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    });

    afterAll(async () => {
      if (nginxProcess && nginxProcess.exitCode === null) {
        const exited = new Promise((r) => nginxProcess.once('exit', r));
        nginxProcess.kill('SIGTERM');
        await exited;
      }
      upstream?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const tlsGet = (url) => new Promise((resolve, reject) => {
      https.get(`https://127.0.0.1:${ports.tls}${url}`, { rejectUnauthorized: false }, (res) => {
        let body = '';
        res.on('data', (d) => { body += d; });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
      }).on('error', reject);
    });

    it('when a page is asked for over plain HTTP, then it only redirects to https', async () => {
      const res = await fetch(`http://127.0.0.1:${ports.plain}/calendar/x?y=1`, { redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('https://127.0.0.1/calendar/x?y=1');
      expect((await fetch(`http://127.0.0.1:${ports.plain}/api/login`, { method: 'POST', redirect: 'manual' })).status).toBe(301);
    });

    it('when a page is served over TLS, then it carries HSTS and the security headers', async () => {
      const res = await tlsGet('/stores');
      expect(res.status).toBe(200);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    });

    it('when a service sets a cookie over TLS, then it is Secure, the service is told https, and the answer has HSTS', async () => {
      const res = await tlsGet('/api/login');
      expect(JSON.parse(res.body)).toEqual({ proto: 'https' });
      expect(res.headers['set-cookie']).toEqual(['refresh=abc; Path=/api/; HttpOnly; Secure']);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });
  });

  it('when the compose gateway config is generated, then it listens on TLS with HSTS, redirects plain HTTP and trusts no forwarded address', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'tb-nginx-compose-'));
    try {
      const { confFile } = await writeComposeGatewayConfig({ outDir: out, routes: FIXTURE_ROUTES });
      const conf = readFileSync(confFile, 'utf8');
      expect(conf).toContain('listen 8443 ssl http2;');
      expect(conf).toContain('ssl_certificate /etc/nginx/tls/cert.pem;');
      expect(conf).toContain('listen 8080;');
      expect(conf).toContain('location / { return 301 https://$host$request_uri; }');
      expect(conf).toContain('Strict-Transport-Security');
      expect(conf).toContain('proxy_cookie_flags ~ secure;');
      expect(conf).not.toContain('set_real_ip_from');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
