import { INTERNAL_TOKEN_HEADER, type EventEnvelope } from '@turnbook/contracts';
import { eventually, startTestService } from '@turnbook/test-kit';
import { identityService } from '../service';

/**
 * Identity on a fresh database, signing with its own keys (as in production), with cheap password hashing.
 * Every test request comes from one address, so the per-address limits on register and forgotPassword are
 * raised (their own tests set them back).
 */
export async function startIdentity(env: Record<string, string> = {}) {
  return startTestService(identityService, {
    keys: 'own',
    env: { PASSWORD_HASH_COST: 'low', REGISTER_MAX_PER_IP: '1000', FORGOT_MAX_PER_IP: '1000', ...env },
  });
}
export type Identity = Awaited<ReturnType<typeof startIdentity>>;
export type CapturedEvents = Awaited<ReturnType<typeof captureEvents>>;

/**
 * The usual setup of an identity test file: identity started before the tests with the user events
 * recorded, both stopped after. Read `t.svc` and `t.events` inside the tests.
 */
export function useIdentity(env: Record<string, string> = {}): { svc: Identity; events: CapturedEvents } {
  const t = {} as { svc: Identity; events: CapturedEvents };
  beforeAll(async () => {
    t.svc = await startIdentity(env);
    t.events = await captureEvents(t.svc, 'evt.user.>');
  }, 30_000);
  afterAll(async () => {
    t.events?.stop();
    await t.svc?.stop();
  });
  return t;
}

/** The link of a mail an event asked for (messaging fetches it the same way). */
export async function mailLink(svc: Identity, mailId: string): Promise<string> {
  const res = await internal(svc, 'get', `/mails/${mailId}`);
  if (res.status !== 200) throw new Error(`mail ${mailId}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.url;
}

/** The refresh cookie a sign-in set (name=value), for supertest's Cookie header. */
export function refreshCookieOf(res: { headers: Record<string, unknown> }): string {
  const all = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const cookie = all.find((c) => c.startsWith('turnbook_refresh='));
  if (!cookie) throw new Error('no refresh cookie set');
  return cookie.split(';')[0];
}

export const PASSWORD = 'correct horse battery';
/** Another password that passes the rules (10+ characters, not a common one). */
export const NEW_PASSWORD = 'lilac teapot orbit';

let counter = 0;
/** A unique email per call: the NATS stream is shared by every test run. */
export function uniqueEmail(name = 'user'): string {
  return `${name}.${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export function registerBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    password_confirmation: PASSWORD,
    fname: 'Ann',
    lname: 'Lee',
    phone: '(215) 555-0100',
    role: 'professional',
    color: '#00BCD4',
    term: 'agreed',
    username: '',
    ...overrides,
  };
}

export function internal(svc: Identity, method: 'get' | 'post' | 'put' | 'delete', path: string) {
  return svc.http()[method](`/internal${path}`).set(INTERNAL_TOKEN_HEADER, svc.config.INTERNAL_TOKEN);
}

/** A verified user through the seed call; returns the public user. */
export async function seedUser(svc: Identity, overrides: Record<string, unknown> = {}) {
  const res = await internal(svc, 'post', '/seed/users').send({
    users: [{ email: uniqueEmail(), password: PASSWORD, fname: 'bo', lname: 'kim', phone: '2155550101', role: 'professional', ...overrides }],
  });
  if (res.status !== 200) throw new Error(`seed failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.users[0] as { id: number; email: string; role: string; phone: string; fname: string };
}

export async function login(svc: Identity, email: string, password = PASSWORD): Promise<string> {
  const res = await svc.http().post('/api/login').send({ email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}

/** A seeded user and a token of theirs. */
export async function signedInUser(svc: Identity, overrides: Record<string, unknown> = {}) {
  const user = await seedUser(svc, overrides);
  const token = await login(svc, user.email);
  return { user, token, auth: `Bearer ${token}` };
}

/** Records events published from now on (a plain subscription on identity's own connection). */
export async function captureEvents(svc: Identity, subject = 'evt.>') {
  const nc = svc.bus.connection;
  const events: EventEnvelope<any>[] = [];
  const sub = nc.subscribe(subject);
  void (async () => {
    for await (const m of sub) events.push(JSON.parse(m.string()));
  })();
  await nc.flush();
  return {
    events,
    /** Waits for an event of this type matching `where`. */
    async next(type: string, where: (data: any) => boolean = () => true) {
      return eventually(() => {
        const e = events.find((x) => x.type === type && where(x.data));
        if (!e) throw new Error(`no ${type} event yet`);
        return e;
      });
    },
    stop: () => sub.unsubscribe(),
  };
}

/** Counts documents of a collection in identity's database. */
export function count(svc: Identity, collection: string, filter: Record<string, unknown> = {}): Promise<number> {
  return svc.db.collection(collection).countDocuments(filter);
}

/** Query of a link (`?a=<id>&b=<secret>`). */
export function linkParts(url: string): { id: number; hash: string } {
  const u = new URL(url);
  return { id: Number(u.searchParams.get('a')), hash: u.searchParams.get('b')! };
}
