import { execFileSync } from 'node:child_process';
import { WebSocket } from 'ws';
import { api } from '../src/api';
import { artifactEnv, ensurePackaged, type Running, SERVICES, type Service, startCopied } from '../src/artifacts';
import { until } from '../src/demo-booking';
import { demoLogin } from '../src/demo';

// Issue 33, item 1: each service's artifact (npm run package), copied to a temp folder outside the repository,
// starts with `node main.js` and the README's variables only, passes its health check and answers one real
// call of its own, beside the running stack (its NATS and database, its other services).

/**
 * One call each service owns, straight to the artifact's instance, as the demo store's owner; `shows` is what
 * the answer must hold.
 */
const smoke: Record<Exclude<Service, 'realtime'>, { call: (a: Running, s: Session) => Promise<{ status: number; body: any }>; shows: (b: any) => unknown; expected: unknown }> = {
  // argon2 (native) checks the password; the signing key comes from the shared database
  identity: {
    call: (a) => direct(a, 'POST', 'login', undefined, { email: demoLogin('owner').login, password: demoLogin('owner').password }),
    shows: (b) => typeof b?.access_token, expected: 'string',
  },
  scheduling: {
    call: (a) => direct(a, 'GET', 'public_getStoreByPermalink/lotus-nail-spa'),
    shows: (b) => b?.stores?.[0]?.permalink, expected: 'lotus-nail-spa',
  },
  customers: {
    call: (a, s) => direct(a, 'GET', `getCustomersByStoreId/${s.storeId}`, s.token),
    shows: (b) => (b?.customers?.length ?? 0) > 0, expected: true,
  },
  // the plans come from Stripe (stripe-mock here) through the bundled Stripe client
  billing: {
    call: (a, s) => direct(a, 'GET', 'getAllPlans', s.token),
    shows: (b) => b?.products?.map((p: { product_name: string }) => p.product_name), expected: ['Standard', 'Premium'],
  },
  messaging: {
    call: (a, s) => direct(a, 'GET', `smsSettings/${s.storeId}`, s.token),
    shows: (b) => typeof b?.settings?.upNextText, expected: 'boolean',
  },
};

interface Session { token: string; storeId: number }

async function direct(a: Running, method: string, p: string, token?: string, body?: unknown) {
  const res = await fetch(`${a.url}/api/${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/** The realtime relay's own call: a socket that authenticates and joins the demo store's channel. */
function relayJoins(a: Running, s: Session): Promise<string[]> {
  const channel = `store:${s.storeId}:appointment`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${a.url.replace(/^http/, 'ws')}/realtime`);
    const types: string[] = [];
    const timer = setTimeout(() => { ws.terminate(); reject(new Error(`no answer: ${types.join(', ')}`)); }, 10_000);
    ws.on('open', () => { ws.send(JSON.stringify({ type: 'auth', token: s.token })); ws.send(JSON.stringify({ type: 'subscribe', channel })); });
    ws.on('message', (d) => {
      const frame = JSON.parse(String(d));
      types.push(frame.channel ? `${frame.type} ${frame.channel}` : frame.type);
      if (frame.type === 'subscribed' || frame.type === 'error') { clearTimeout(timer); ws.close(); resolve(types); }
    });
    ws.on('error', reject);
  });
}

describe('one artifact per service', () => {
  /** All six start side by side (each test waits for its own): most of their start is waiting on NATS and the database. */
  const running = new Map<Service, Running>();
  let session: Session;

  beforeAll(async () => {
    ensurePackaged();
    const owner = demoLogin('owner');
    const token = (await api('POST', 'login', { email: owner.login, password: owner.password })).body.access_token as string;
    const storeId = Number((await api('GET', 'getStoreByPermalink/lotus-nail-spa', undefined, token)).body.stores[0].id);
    session = { token, storeId };
    const env = artifactEnv();
    for (const service of SERVICES) running.set(service, await startCopied(service, env));
  }, 300_000);

  afterAll(async () => {
    await Promise.all([...running.values()].map((r) => r.stop()));
  });

  it.each(SERVICES)('when the %s artifact is copied out of the repository and started with node main.js, then /health is green and its own call answers', async (service) => {
    const a = running.get(service)!;
    expect(a.dir.startsWith(process.cwd())).toBe(false);
    expect(a.version).toEqual(expect.objectContaining({ name: `@turnbook/${service}`, commit: expect.stringMatching(/^[0-9a-f]{40}$/) }));
    const health = await until(`${service} artifact healthy`, 60_000, async () => {
      const res = await fetch(`${a.url}/health`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
      return res?.ok ? res.json() : undefined;
    }).catch((err) => { throw new Error(`${err.message}\n${a.output().slice(-3000)}`); });
    expect(health).toEqual(expect.objectContaining({ service, mongo: true, nats: true }));

    if (service === 'realtime') {
      expect(await relayJoins(a, session)).toEqual(['authenticated', `subscribed store:${session.storeId}:appointment`]);
    } else {
      const { call, shows, expected } = smoke[service];
      const res = await call(a, session);
      expect({ status: res.status, shows: shows(res.body) }).toEqual({ status: 200, shows: expected });
    }
  });

  it('when the native modules are required from an artifact copy, then argon2 and sharp load for this Node', () => {
    const script = "require('argon2'); const sharp = require('sharp'); console.log(Object.keys(sharp.versions).join(','))";
    expect(execFileSync(process.execPath, ['-e', script], { cwd: running.get('identity')!.dir, encoding: 'utf8' })).toMatch(/vips/);
  });
});
