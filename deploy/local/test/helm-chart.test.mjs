import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { GATEWAY_HEALTH_PATH, HELM_GATEWAY_CONF, MFE_NAMES, HELM_RELEASE_PREFIX, renderHelmGatewayConfig } from '../../nginx/generate.mjs';
import { loadContracts } from '../../nginx/load-routes.mjs';
import { findBinary } from '../find-binary.mjs';
import { ensureHadolint } from '../hadolint.mjs';
import { freePort, httpCheck, waitFor } from '../health.mjs';
import { KUBE_SCHEMAS_DIR, ensureHelm, ensureKubeconform, kubeApiVersion } from '../kube-tools.mjs';
import { REPO_ROOT } from '../paths.mjs';
import { SERVICE_NAMES, SERVICES } from '../ports.mjs';
import { loadEnvShapes, variablesRead } from './env-shapes.mjs';

// Issue 34, item 3: the Helm chart (deploy/helm), rendered by helm and validated by kubeconform, which the
// launcher installs (kube-tools.mjs). Nothing is skipped: a tool that cannot be installed fails the suite
// with the reason.

const CHART = path.join(REPO_ROOT, 'deploy/helm');
const INSTALLS = ['small', 'franchise'];
const RELEASE = 'turnbook';
const PREFIX = 'turnbook'; // templates/_helpers.tpl: the release name already says the chart's

let tools;
const rendered = {};

/** `helm template` of one install: its text and its objects. */
function render(install) {
  const text = execFileSync(tools.helm, ['template', RELEASE, CHART, '-f', path.join(CHART, `values-${install}.yaml`)], { encoding: 'utf8' });
  const objects = parseAllDocuments(text).map((d) => d.toJS()).filter(Boolean);
  return { text, objects };
}

const find = (objects, kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const containerOf = (deployment) => deployment.spec.template.spec.containers[0];

/** Every variable a service's container gets: its ConfigMap's keys and its env entries. */
function variablesSet(objects, service) {
  const container = containerOf(find(objects, 'Deployment', `${PREFIX}-${service}`));
  const fromConfigMaps = container.envFrom.flatMap((e) => Object.keys(find(objects, 'ConfigMap', e.configMapRef.name).data));
  return [...fromConfigMaps, ...(container.env ?? []).map((e) => e.name)];
}

// Hold secrets: only ever read from a Secret, never a value in the chart.
const SECRETS = ['INTERNAL_TOKEN', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'TWILIO_AUTH_TOKEN', 'JWT_PRIVATE_KEY'];

let shapes;
beforeAll(async () => {
  shapes = await loadEnvShapes();
  tools = { helm: await ensureHelm(), kubeconform: await ensureKubeconform(), schemas: KUBE_SCHEMAS_DIR };
  for (const install of INSTALLS) rendered[install] = render(install);
}, 10 * 60_000); // a machine's first run installs helm and builds kubeconform

describe('the Helm chart (deploy/helm)', () => {
  it('when the kept kubeconform schemas are read, then they were written from the k8s.io/api version kube-schemas/go.mod names', () => {
    expect(readFileSync(path.join(KUBE_SCHEMAS_DIR, 'source.txt'), 'utf8').trim()).toBe(`k8s.io/api ${kubeApiVersion()}`);
  });

  it.each(INSTALLS)('when helm template renders values-%s.yaml, then kubeconform -strict finds every object valid against the Kubernetes schemas, none skipped', (install) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'turnbook-helm-'));
    try {
      const file = path.join(dir, `${install}.yaml`);
      writeFileSync(file, rendered[install].text);
      const run = spawnSync(tools.kubeconform, [
        '-strict', '-summary', '-output', 'json',
        '-schema-location', `${tools.schemas}/{{ .ResourceKind }}{{ .KindSuffix }}.json`, file,
      ], { encoding: 'utf8' });
      const report = JSON.parse(run.stdout);
      expect(report.resources.filter((r) => r.status !== 'statusValid')).toEqual([]);
      expect(report.summary).toEqual({ valid: rendered[install].objects.length, invalid: 0, errors: 0, skipped: 0 });
      expect(run.status).toBe(0);
      const kinds = new Set(rendered[install].objects.map((o) => o.kind));
      expect([...kinds].sort()).toEqual(['ConfigMap', 'Deployment', 'HorizontalPodAutoscaler', 'Ingress', 'PodDisruptionBudget', 'Service']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(INSTALLS)('when helm lint --strict checks the chart with values-%s.yaml, then it finds no error and no warning', (install) => {
    const run = spawnSync(tools.helm, ['lint', '--strict', CHART, '-f', path.join(CHART, `values-${install}.yaml`)], { encoding: 'utf8' });
    expect(run.stdout).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
    expect(run.stdout).not.toMatch(/\[(WARNING|ERROR)\]/);
    expect(run.status).toBe(0);
  });

  it.each([
    ['INTERNAL_TOKEN', 'secretEnv.INTERNAL_TOKEN', 'billing'],
    ['STRIPE_SECRET_KEY', 'services.billing.secretEnv.STRIPE_SECRET_KEY', 'billing'],
    ['SMTP_URL', 'services.messaging.secretEnv.SMTP_URL', 'messaging'],
  ])('when no Secret is named for %s, then helm template refuses, naming it', (env, key, service) => {
    const run = spawnSync(tools.helm, ['template', RELEASE, CHART, '-f', path.join(CHART, 'values-small.yaml'), '--set', `${key}=null`], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${service} needs ${env} from a Secret`);
  });

  it('when one service\'s setting changes, then only that service\'s pods roll (its config checksum alone changes)', () => {
    const changed = execFileSync(tools.helm, ['template', RELEASE, CHART, '-f', path.join(CHART, 'values-small.yaml'), '--set', 'services.customers.env.CUSTOMER_SEARCH_INDEX_WARM_STORES=10'], { encoding: 'utf8' });
    const checksums = (objects) => Object.fromEntries(objects.filter((o) => o.kind === 'Deployment')
      .map((d) => [d.metadata.name, d.spec.template.metadata.annotations['checksum/config']]));
    const before = checksums(rendered.small.objects);
    const after = checksums(parseAllDocuments(changed).map((d) => d.toJS()).filter(Boolean));
    expect(Object.keys(before).filter((name) => before[name] !== after[name])).toEqual([`${PREFIX}-customers`]);
  });

  it('when kubeconform checks an object with a field the API does not have, then it is invalid (the schemas are strict)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'turnbook-helm-'));
    try {
      const deployment = structuredClone(find(rendered.small.objects, 'Deployment', `${PREFIX}-scheduling`));
      containerOf(deployment).readinesProbe = containerOf(deployment).readinessProbe; // a typo
      const file = path.join(dir, 'typo.json');
      writeFileSync(file, JSON.stringify(deployment));
      const run = spawnSync(tools.kubeconform, ['-strict', '-schema-location', `${tools.schemas}/{{ .ResourceKind }}{{ .KindSuffix }}.json`, file], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/additional properties 'readinesProbe' not allowed/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe.each(INSTALLS)('the %s install', (install) => {
    const objects = () => rendered[install].objects;

    it.each(SERVICE_NAMES)('when %s is rendered, then its Deployment runs its own image on its port, probed on GET /health, with resources, behind a Service and a PodDisruptionBudget', (service) => {
      const deployment = find(objects(), 'Deployment', `${PREFIX}-${service}`);
      const container = containerOf(deployment);
      expect(container.image).toMatch(new RegExp(`/turnbook-${service}:`));
      expect(container.ports).toEqual([{ name: 'http', containerPort: SERVICES[service].port }]);
      for (const probe of [container.readinessProbe, container.livenessProbe]) expect(probe.httpGet).toEqual({ path: '/health', port: 'http' });
      expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      expect(container.resources.limits.memory).toEqual(expect.any(String));
      expect(deployment.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
      const svc = find(objects(), 'Service', `${PREFIX}-${service}`);
      expect(svc.spec.ports).toEqual([{ name: 'http', port: SERVICES[service].port, targetPort: 'http' }]);
      expect(svc.spec.selector).toEqual(deployment.spec.selector.matchLabels);
      expect(find(objects(), 'PodDisruptionBudget', `${PREFIX}-${service}`).spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    });

    it.each(SERVICE_NAMES)('when %s is rendered, then a HorizontalPodAutoscaler of at least 2 replicas scales its Deployment on CPU, and its budget leaves a replica serving', (service) => {
      const hpa = find(objects(), 'HorizontalPodAutoscaler', `${PREFIX}-${service}`);
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: `${PREFIX}-${service}` });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
      expect(find(objects(), 'Deployment', `${PREFIX}-${service}`).spec.replicas).toBeUndefined(); // the HPA owns it
      const pdb = find(objects(), 'PodDisruptionBudget', `${PREFIX}-${service}`).spec;
      if ('minAvailable' in pdb) expect(pdb.minAvailable).toBeLessThan(hpa.spec.minReplicas);
      else expect(pdb.maxUnavailable).toBeLessThan(hpa.spec.minReplicas);
    });

    it.each(SERVICE_NAMES)('when %s\'s container is rendered, then every variable it is given is one that service reads, none twice', (service) => {
      const set = variablesSet(objects(), service);
      const read = variablesRead(shapes, service);
      expect(set.filter((name) => !read.has(name))).toEqual([]);
      expect(set.length).toBe(new Set(set).size);
      for (const needed of ['NODE_ENV', 'HOST', 'PORT', 'MONGO_URL', 'NATS_URL', 'INTERNAL_TOKEN', 'PUBLIC_URL']) expect(set).toContain(needed);
    });

    it('when the chart is rendered, then secrets are only referenced: no Secret object, and every secret variable comes from a secretKeyRef', () => {
      expect(objects().filter((o) => o.kind === 'Secret')).toEqual([]);
      for (const cm of objects().filter((o) => o.kind === 'ConfigMap')) {
        expect(Object.keys(cm.data).filter((k) => SECRETS.includes(k))).toEqual([]);
      }
      for (const d of objects().filter((o) => o.kind === 'Deployment')) {
        for (const e of containerOf(d).env ?? []) {
          expect(e.value).toBeUndefined();
          expect(e.valueFrom.secretKeyRef).toEqual({ name: expect.any(String), key: expect.any(String) });
        }
      }
      const billing = containerOf(find(objects(), 'Deployment', `${PREFIX}-billing`)).env.map((e) => e.name);
      expect(billing).toEqual(expect.arrayContaining(['INTERNAL_TOKEN', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'MONGO_URL']));
    });

    it('when the gateway is rendered, then its nginx.conf sends every upstream to a Service of this release on its port, and an Ingress reaches the gateway', () => {
      const conf = find(objects(), 'ConfigMap', `${PREFIX}-gateway`).data['nginx.conf'];
      const upstreams = [...conf.matchAll(/upstream svc_(\w+) \{ server ([\w-]+):(\d+);/g)].map((m) => m.slice(1));
      expect(upstreams.map(([name]) => name).sort()).toEqual([...SERVICE_NAMES].sort());
      for (const [name, host, port] of upstreams) {
        const svc = find(objects(), 'Service', host);
        expect(svc?.metadata.labels['app.kubernetes.io/name']).toBe(name);
        expect(svc.spec.ports[0].port).toBe(Number(port));
      }
      expect(conf).not.toContain(HELM_RELEASE_PREFIX);
      const gateway = find(objects(), 'Deployment', `${PREFIX}-gateway`);
      expect(gateway.spec.template.spec.volumes[0].configMap.name).toBe(`${PREFIX}-gateway`);
      const backend = find(objects(), 'Ingress', PREFIX).spec.rules[0].http.paths[0].backend.service;
      expect(find(objects(), 'Service', backend.name).spec.selector).toEqual(gateway.spec.selector.matchLabels);
    });
  });

  it('when the small and the franchise installs are compared, then the franchise one may grow further and keeps more replicas serving', () => {
    const ceiling = (install) => Math.max(...rendered[install].objects.filter((o) => o.kind === 'HorizontalPodAutoscaler').map((h) => h.spec.maxReplicas));
    const floor = (install) => find(rendered[install].objects, 'HorizontalPodAutoscaler', `${PREFIX}-scheduling`).spec.minReplicas;
    expect(ceiling('franchise')).toBeGreaterThan(ceiling('small'));
    expect(floor('franchise')).toBeGreaterThan(floor('small'));
  });

  it('when the gateway config is generated from the route table, then the chart\'s files/nginx.conf is that text (node deploy/nginx/generate.mjs --target helm)', async () => {
    const { ROUTES } = await loadContracts();
    expect(readFileSync(HELM_GATEWAY_CONF, 'utf8')).toBe(renderHelmGatewayConfig(ROUTES, SERVICES));
  });

  it('when the web image\'s Dockerfile is linted and read, then hadolint finds nothing and it puts the shell, every module and remotes.json where the gateway serves them from', async () => {
    const dockerfile = path.join(CHART, 'web/Dockerfile');
    expect(execFileSync(await ensureHadolint(), ['--failure-threshold', 'info', '--no-color', dockerfile], { encoding: 'utf8' })).toBe('');
    const text = readFileSync(dockerfile, 'utf8');
    const conf = readFileSync(HELM_GATEWAY_CONF, 'utf8');
    expect(text).toContain('COPY --from=build /repo/shells/host/dist/ /srv/host/');
    expect(conf).toContain('root /srv/host;');
    for (const name of MFE_NAMES) {
      expect(text).toContain(`COPY --from=build /repo/mfes/${name}/dist/ /srv/mfe/${name}/`);
      expect(conf).toContain(`alias /srv/mfe/${name}/;`);
    }
    expect(text).toContain('COPY --from=build /repo/remotes.json /srv/remotes.json');
    expect(conf).toContain('alias /srv/remotes.json;');
    expect(text).toMatch(/^USER 101:101$/m); // the account the chart's pod runs as (templates/gateway.yaml)
  }, 180_000);

  it('when nginx checks the chart\'s gateway config (Service names as local addresses), then it accepts it', () => {
    const nginx = findBinary('nginx');
    expect(nginx).toBeTruthy();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'turnbook-helm-nginx-'));
    try {
      const conf = rendered.small.objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === `${PREFIX}-gateway`).data['nginx.conf']
        .replace(/server [\w-]+:(\d+);/g, 'server 127.0.0.1:$1;') // nginx resolves names when it starts
        .replace(/\/tmp\b/g, dir) // pid and temp files, as the pod's emptyDir
        .replace(/\/dev\/std(out|err)/g, `${dir}/$1.log`) // the container's output; not a terminal here
        .replace(/\/srv\//g, `${dir}/srv/`);
      for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, d));
      writeFileSync(path.join(dir, 'nginx.conf'), conf);
      const run = spawnSync(nginx, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
      expect(run.stderr).toMatch(/test is successful/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('when nginx runs the rendered gateway in front of fake services and a web bundle', () => {
    let dir;
    let gatewayUrl;
    let nginxProcess;
    let routes;
    const servers = [];

    /** The pod's config with only what differs on this machine: addresses, and the pod's mounts as folders. */
    beforeAll(async () => {
      routes = (await loadContracts()).ROUTES;
      dir = mkdtempSync(path.join(os.tmpdir(), 'turnbook-helm-gw-'));
      const fakes = {};
      for (const name of SERVICE_NAMES) {
        const server = http.createServer((req, res) => {
          req.resume();
          req.on('end', () => res.end(JSON.stringify({ service: name, method: req.method, url: req.url })));
        });
        server.on('upgrade', (req, socket) => socket.end(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Service: ${name}\r\n\r\n`));
        await new Promise((r) => server.listen(0, '127.0.0.1', r));
        servers.push(server);
        fakes[`${PREFIX}-${name}:${SERVICES[name].port}`] = `127.0.0.1:${server.address().port}`;
      }
      for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'srv/host', 'srv/mfe/booking/1.0.0']) mkdirSync(path.join(dir, d), { recursive: true });
      writeFileSync(path.join(dir, 'srv/host/index.html'), '<title>shell</title>');
      writeFileSync(path.join(dir, 'srv/mfe/booking/1.0.0/remoteEntry.js'), '// booking');
      writeFileSync(path.join(dir, 'srv/remotes.json'), '{"booking":{"entry":"/mfe/booking/1.0.0/mf-manifest.json","version":"1.0.0","routes":[]}}');
      const port = await freePort();
      gatewayUrl = `http://127.0.0.1:${port}`;
      const conf = find(rendered.small.objects, 'ConfigMap', `${PREFIX}-gateway`).data['nginx.conf']
        .replace(/server ([\w-]+:\d+);/g, (all, at) => `server ${fakes[at] ?? at};`)
        .replace('listen 8080 ', `listen 127.0.0.1:${port} `)
        .replace(/\/tmp\b/g, dir)
        .replace(/\/dev\/std(out|err)/g, `${dir}/$1.log`)
        .replace(/\/srv\//g, `${dir}/srv/`);
      // the pod runs nginx unprivileged; as root here, its workers stay root to read this private folder
      writeFileSync(path.join(dir, 'nginx.conf'), `${process.getuid?.() === 0 ? 'user root;\n' : ''}${conf}`);
      nginxProcess = spawn(findBinary('nginx'), ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'stderr.log'), '-g', 'daemon off;'], { stdio: 'ignore' });
      const state = await waitFor({ check: httpCheck(`${gatewayUrl}${GATEWAY_HEALTH_PATH}`), timeoutMs: 15000 });
      if (state !== 'ready') throw new Error(`nginx did not start: ${readFileSync(path.join(dir, 'stderr.log'), 'utf8')}`);
    }, 60_000);

    afterAll(async () => {
      if (nginxProcess && nginxProcess.exitCode === null) {
        const exited = new Promise((r) => nginxProcess.once('exit', r));
        nginxProcess.kill('SIGTERM');
        await exited;
      }
      for (const server of servers) server.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('then every public call of the route table reaches the Service of the service that owns it', async () => {
      const wrong = [];
      for (const r of routes.filter((x) => x.access !== 'internal' && !x.path.startsWith('internal/'))) {
        const url = `/api/${r.path.replace(/\{\w+\}|(?<=^|\/):\w+/g, 'x1')}`;
        const res = await fetch(`${gatewayUrl}${url}`, { method: r.method, ...(['GET', 'HEAD'].includes(r.method) ? {} : { body: '{}' }) });
        const body = await res.json().catch(() => ({}));
        if (body.service !== r.owner) wrong.push(`${r.method} ${url}: ${res.status} ${body.service ?? ''} (owner ${r.owner})`);
      }
      expect(wrong).toEqual([]);
      expect(routes.length).toBeGreaterThan(50);
    });

    it('then /realtime is upgraded to a WebSocket at realtime, and the shell and the modules are served from the image\'s files', async () => {
      const upgraded = await new Promise((resolve, reject) => {
        const req = http.request(`${gatewayUrl}/realtime`, { headers: { Connection: 'Upgrade', Upgrade: 'websocket' } });
        req.on('upgrade', (res, socket) => { socket.destroy(); resolve(res.headers['x-service']); });
        req.on('response', (res) => reject(new Error(`answered ${res.statusCode}`)));
        req.on('error', reject);
        req.end();
      });
      expect(upgraded).toBe('realtime');
      expect(await (await fetch(`${gatewayUrl}/calendar/some-store`)).text()).toBe('<title>shell</title>');
      expect(await (await fetch(`${gatewayUrl}/mfe/booking/1.0.0/remoteEntry.js`)).text()).toBe('// booking');
      expect(await (await fetch(`${gatewayUrl}/mfe/remotes.json`)).json()).toHaveProperty('booking.version', '1.0.0');
    });
  });
});

