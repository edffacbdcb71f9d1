import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@turnbook/contracts';
import { eventually, NatsProcess } from '@turnbook/test-kit';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from '../service';
import { connectClient, type TestClient } from '../test/ws-client';
import { startRelay, testSigner, type TestRelay } from '../test/world';

/**
 * The relay end to end: a real HTTP server with the WebSocket server attached through onServer, a real
 * database for memberships, and a NATS of this file's own (events of other test runs stay out).
 */

// Our own key pair, so a test can also sign short-lived and expired tokens.
const { keys, sign } = testSigner('relay-test');
/** A phone given is a verified one, as identity signs it. */
const userToken = (id: number, role = 'professional', phone?: string, ttl?: number) =>
  sign({ sub: String(id), kind: 'user', role, ...(phone ? { phone, phone_verified: true as const } : {}) }, ttl);
const storeToken = (storeId: number) => sign({ sub: `store:${storeId}`, kind: 'store', role: 'store', storeId });
const kioskToken = (storeId: number) => sign({ sub: `store:${storeId}`, kind: 'kiosk', role: 'kiosk', storeId });

const OWNER = 7;
const STAFF = 8;
const STRANGER = 9;
const PHONE = '5551234567';
// Small caps so a test can reach them; the first-message timeout is longer than any test's own pauses.
const ANONYMOUS = { perAddress: 4, total: 8, firstMessageMs: 1500 };

describe('realtime relay', () => {
  let nats: NatsProcess;
  let relay: TestRelay;
  let svc: TestRelay['svc'];
  let base: string;
  const clients: TestClient[] = [];

  /** A socket; with a token, it authenticates as its first message (as web-kit's client does). */
  const connect = async (token?: string, opts?: { autoPong?: boolean; headers?: Record<string, string>; waitForAuth?: boolean }) => {
    const c = await connectClient(`${base}/realtime`, opts);
    clients.push(c);
    if (token) {
      c.send({ type: 'auth', token });
      if (opts?.waitForAuth ?? true) await c.next({ type: 'authenticated' });
    }
    return c;
  };
  /** What a service publishes: an event envelope on its subject (core publish reaches the relay the same way). */
  const publish = (subject: string, data: unknown) => {
    const [, domain, storeId, type] = subject.split('.');
    const env = { id: randomUUID(), subject, type: `${domain}.${type}`, storeId: Number(storeId) || 'global', occurredAt: new Date().toISOString(), data };
    svc.bus.connection.publish(subject, JSON.stringify(env));
  };
  /** A socket from a given client address, as the gateway would say it in X-Forwarded-For. */
  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
  const quietly = () => new Promise((r) => setTimeout(r, 400));
  const storeSnapshot = (storeId: number, members: Array<{ userId: number; role: string }>) => ({
    storeId, ownerId: OWNER, permalink: `s${storeId}`, status: 'ON',
    members: members.map((m, i) => ({ ...m, staffId: 10001 + i, archived: false })),
  });

  beforeAll(async () => {
    nats = new NatsProcess();
    await nats.start();
    relay = await startRelay(nats.url, keys, { heartbeatMs: 300, anonymous: ANONYMOUS });
    ({ svc, base } = relay);
    await svc.memberships.apply(storeSnapshot(42, [{ userId: STAFF, role: 'staff' }]));
  }, 30_000);

  afterEach(async () => {
    // Wait for each close, so one test's sockets never count against the next one's caps.
    await Promise.all(clients.splice(0).map(async (c) => {
      c.close();
      await c.closed().catch(() => undefined);
    }));
    await new Promise((r) => setTimeout(r, 50));
  });

  afterAll(async () => {
    await relay?.stop();
    await nats?.kill();
  });

  it('when no token, then version works and receives a version update', async () => {
    const c = await connect();
    expect(await c.subscribe('version')).toEqual({ type: 'subscribed', channel: 'version', seq: expect.any(Number) });
    await svc.bus.publishDurably(svc.bus.event('settings.version_updated', 'global', { app_version: '2.1.0', body: 'New calendar' }));
    expect(await c.next({ type: 'event', channel: 'version' })).toEqual({
      type: 'event', seq: expect.any(Number), channel: 'version', subject: 'evt.settings.global.version_updated', data: { app_version: '2.1.0', body: 'New calendar' },
    });
  });

  it('when no token, then a store channel is refused', async () => {
    const c = await connect();
    expect(await c.subscribe('store:42:appointment')).toMatchObject({ type: 'error', channel: 'store:42:appointment' });
  });

  it('when a member of store 42 subscribes, then it gets its appointment events and a non-member gets an error and nothing', async () => {
    const member = await connect(userToken(STAFF));
    const stranger = await connect(userToken(STRANGER));
    expect(await member.subscribe('store:42:appointment')).toEqual({ type: 'subscribed', channel: 'store:42:appointment', seq: expect.any(Number) });
    expect(await stranger.subscribe('store:42:appointment')).toEqual({
      type: 'error', channel: 'store:42:appointment', message: 'You do not have access to this channel',
    });

    publish('evt.appointment.42.created', { appointmentId: 1 });
    publish('evt.appointment.43.created', { appointmentId: 2 }); // another store: not for this channel
    expect(await member.next({ type: 'event' })).toEqual({
      type: 'event', seq: expect.any(Number), channel: 'store:42:appointment', subject: 'evt.appointment.42.created', data: { appointmentId: 1 },
    });
    await quietly();
    expect(member.events('store:42:appointment')).toHaveLength(1);
    expect(stranger.frames.filter((f) => f.type === 'event')).toHaveLength(0);
  });

  it("when a member of store 44 holds every channel of its store, then none of store 42's appointment, online, request or log events reach it, and store 42's channels are refused", async () => {
    const OTHER_MEMBER = 11;
    await svc.memberships.apply(storeSnapshot(44, [{ userId: OTHER_MEMBER, role: 'admin' }]));
    const b = await connect(userToken(OTHER_MEMBER));
    for (const ch of ['appointment', 'online-appointment', 'online-request', 'sheet', 'logs', 'queue']) {
      expect(await b.subscribe(`store:44:${ch}`)).toEqual({ type: 'subscribed', channel: `store:44:${ch}`, seq: expect.any(Number) });
      expect(await b.subscribe(`store:42:${ch}`)).toMatchObject({ type: 'error', channel: `store:42:${ch}` });
    }
    for (const subject of ['evt.appointment.42.created', 'evt.appointment.42.updated', 'evt.online-appointment.42.created', 'evt.online-request.42.created', 'evt.log.42.created', 'evt.sheet.42.created', 'evt.turn.42.updated']) {
      publish(subject, { storeId: 42, customerFname: 'Storea', customerPhone: PHONE });
    }
    // Its own store's event, published last, arrives: the socket works and store 42's had their chance.
    publish('evt.appointment.44.created', { storeId: 44 });
    expect(await b.next({ type: 'event' })).toMatchObject({ channel: 'store:44:appointment', subject: 'evt.appointment.44.created' });
    await quietly();
    expect(b.frames.filter((f) => f.type === 'event')).toHaveLength(1);
    expect(JSON.stringify(b.frames)).not.toMatch(/Storea|5551234567|\.42\./);
  });

  it('when the owner, the store login or a super admin subscribes, then they are members too; other stores are refused', async () => {
    for (const token of [userToken(OWNER), storeToken(42), userToken(1, 'super admin')]) {
      const c = await connect(token);
      expect(await c.subscribe('store:42:sheet')).toMatchObject({ type: 'subscribed' });
    }
    const storeLogin = await connect(storeToken(43));
    expect(await storeLogin.subscribe('store:42:sheet')).toMatchObject({ type: 'error' });
  });

  it('when events of each domain arrive, then they reach the matching store channel', async () => {
    const c = await connect(userToken(STAFF));
    for (const ch of ['online-appointment', 'online-request', 'sheet', 'logs']) await c.subscribe(`store:42:${ch}`);
    publish('evt.turn.42.updated', {});
    publish('evt.log.42.created', {});
    publish('evt.online-request.42.created', { customerPhone: PHONE });
    expect(await c.next({ type: 'event', channel: 'store:42:sheet' })).toMatchObject({ subject: 'evt.turn.42.updated' });
    expect(await c.next({ type: 'event', channel: 'store:42:logs' })).toMatchObject({ subject: 'evt.log.42.created' });
    expect(await c.next({ type: 'event', channel: 'store:42:online-request' })).toMatchObject({ subject: 'evt.online-request.42.created' });
  });

  it('when the kiosk subscribes, then it gets only "sheets or turns changed" notices, with no names or phones', async () => {
    const kiosk = await connect(kioskToken(42));
    expect(await kiosk.subscribe('store:42:sheet')).toMatchObject({ type: 'error', channel: 'store:42:sheet' });
    expect(await kiosk.subscribe('store:42:appointment')).toMatchObject({ type: 'error' });
    expect(await kiosk.subscribe('store:42:queue')).toEqual({ type: 'subscribed', channel: 'store:42:queue', seq: expect.any(Number) });
    const sheet = { id: 3, storeId: 42, customer_name: 'Jane Walker', customer_phone: PHONE };
    publish('evt.sheet.42.created', sheet);
    publish('evt.turn.42.updated', { staffIds: ['ann', 'bo'] });
    publish('evt.appointment.42.created', { customerFname: 'Jane', customerPhone: PHONE });
    expect(await kiosk.next({ type: 'event', channel: 'store:42:queue' })).toEqual({
      type: 'event', seq: expect.any(Number), channel: 'store:42:queue', subject: 'evt.sheet.42.created', data: { storeId: 42, changed: 'sheet' },
    });
    await quietly();
    const events = kiosk.frames.filter((f) => f.type === 'event');
    expect(events.map((e) => (e as { data: unknown }).data)).toEqual([{ storeId: 42, changed: 'sheet' }, { storeId: 42, changed: 'turn' }]);
    expect(JSON.stringify(kiosk.frames)).not.toMatch(/Jane|5551234567/);
  });

  it('when a customer subscribes to their own phone, then they get their online-request events; other phones and roles are refused', async () => {
    const channel = `customer:${PHONE}:online-request`;
    const customer = await connect(userToken(20, 'customer', PHONE));
    expect(await customer.subscribe(channel)).toEqual({ type: 'subscribed', channel, seq: expect.any(Number) });
    expect(await customer.subscribe('customer:5550000000:online-request')).toMatchObject({ type: 'error' });
    // A token that names the phone without its verification (someone registered with another's number).
    const unverified = await connect(sign({ sub: '22', kind: 'user', role: 'customer', phone: PHONE }));
    expect(await unverified.subscribe(channel)).toMatchObject({ type: 'error', channel });
    const pro = await connect(userToken(21, 'professional', PHONE));
    expect(await pro.subscribe(channel)).toMatchObject({ type: 'error', channel });
    const anonymous = await connect();
    expect(await anonymous.subscribe(channel)).toMatchObject({ type: 'error', channel });

    publish('evt.online-request.42.approved', { customerPhone: PHONE, requestId: 5 });
    expect(await customer.next({ type: 'event', channel })).toMatchObject({ subject: 'evt.online-request.42.approved', data: { requestId: 5 } });
  });

  it('when a message is malformed, then an error comes back and the socket keeps working', async () => {
    const c = await connect();
    c.send('not json {');
    await c.next({ type: 'error' });
    c.send({ type: 'subscribe' });
    c.send({ type: 'dance', channel: 'version' });
    c.send([1, 2]);
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await eventually(() => expect(c.frames.filter((f) => f.type === 'error')).toHaveLength(5));
    expect(await c.subscribe('store:042:appointment')).toMatchObject({ type: 'error', message: 'Unknown channel' });
    expect(await c.subscribe('nope')).toMatchObject({ type: 'error', message: 'Unknown channel' });
    expect(await c.subscribe('version')).toMatchObject({ type: 'subscribed' });
  });

  it('when a message is larger than 4 KB, then the socket is closed (1009)', async () => {
    const c = await connect();
    c.send({ type: 'subscribe', channel: 'x'.repeat(5000) });
    expect((await c.closed()).code).toBe(1009);
  });

  it('when the same event is published twice, then it is forwarded once', async () => {
    const c = await connect();
    await c.subscribe('version');
    const env = svc.bus.event('settings.version_updated', 'global', { app_version: '3', body: '' });
    svc.bus.connection.publish(env.subject, JSON.stringify(env));
    svc.bus.connection.publish(env.subject, JSON.stringify(env));
    await c.next({ type: 'event' });
    await quietly();
    expect(c.events('version')).toHaveLength(1);
  });

  it('when a socket has 50 channels, then the 51st is refused', async () => {
    const stores = Array.from({ length: 11 }, (_, i) => 100 + i);
    await Promise.all(stores.map((s) => svc.memberships.apply(storeSnapshot(s, []))));
    const c = await connect(userToken(1, 'super admin'));
    const channels = stores.flatMap((s) => ['appointment', 'online-appointment', 'online-request', 'sheet', 'logs'].map((n) => `store:${s}:${n}`));
    for (const ch of channels.slice(0, MAX_SUBSCRIPTIONS_PER_SOCKET)) expect(await c.subscribe(ch)).toMatchObject({ type: 'subscribed' });
    expect(await c.subscribe(channels[MAX_SUBSCRIPTIONS_PER_SOCKET])).toMatchObject({ type: 'error', message: expect.stringMatching(/Too many/) });
    c.send({ type: 'unsubscribe', channel: channels[0] });
    expect(await c.subscribe(channels[MAX_SUBSCRIPTIONS_PER_SOCKET])).toMatchObject({ type: 'subscribed' });
  });

  it('when the token is bad, then an error is sent and the socket closes with 4401', async () => {
    const c = await connect('not-a-token', { waitForAuth: false });
    expect(await c.next({ type: 'error' })).toMatchObject({ message: MESSAGES.invalidToken });
    expect((await c.closed()).code).toBe(4401);
  });

  it('when the token has expired, then the socket closes with 4401', async () => {
    const c = await connect(userToken(STAFF, 'professional', undefined, -10), { waitForAuth: false });
    expect(await c.next({ type: 'error' })).toMatchObject({ message: MESSAGES.sessionExpired });
    expect((await c.closed()).code).toBe(4401);
  });

  it("when the user's sessions were revoked (logout, password change), then a token issued before cannot open a socket", async () => {
    const before = userToken(STRANGER);
    await new Promise((r) => setTimeout(r, 5)); // iat has millisecond precision: the revocation comes after it
    await svc.bus.publishDurably(svc.bus.event('user.sessions_revoked', 'global', { sub: String(STRANGER), at: Date.now() }));
    await eventually(async () => {
      const c = await connect(before, { waitForAuth: false });
      expect(await c.next({ type: 'error' })).toMatchObject({ message: MESSAGES.sessionExpired });
      expect((await c.closed()).code).toBe(4401);
    });
    await new Promise((r) => setTimeout(r, 5));
    const after = await connect(userToken(STRANGER));
    expect(await after.subscribe('version')).toMatchObject({ type: 'subscribed' });
  });

  it('when the token expires while connected, then the socket closes with 4401', async () => {
    const c = await connect(userToken(STAFF, 'professional', undefined, 1));
    expect(await c.subscribe('store:42:appointment')).toMatchObject({ type: 'subscribed' });
    expect((await c.closed(4000)).code).toBe(4401);
    expect(c.frames.at(-1)).toMatchObject({ type: 'error', message: MESSAGES.sessionExpired });
  });

  it('when a socket stops answering pings, then it is terminated', async () => {
    const dead = await connect(undefined, { autoPong: false });
    const alive = await connect();
    await alive.subscribe('version');
    await dead.closed(3000);
    expect(alive.ws.readyState).toBe(alive.ws.OPEN);
  });

  it('when a member is removed from the store, then they lose the store channels', async () => {
    await svc.memberships.apply(storeSnapshot(44, [{ userId: STAFF, role: 'staff' }]));
    const c = await connect(userToken(STAFF));
    await c.subscribe('store:44:appointment');
    await svc.bus.publishDurably(svc.bus.event('store.membership_changed', 44, storeSnapshot(44, [])));
    expect(await c.next({ type: 'error', channel: 'store:44:appointment' })).toMatchObject({ message: 'You do not have access to this channel' });
    publish('evt.appointment.44.created', {});
    await quietly();
    expect(c.events('store:44:appointment')).toHaveLength(0);
  });

  it('when the token is in the URL, then the socket is refused with 4401 and never joins a store channel', async () => {
    const c = await connectClient(`${base}/realtime?token=${encodeURIComponent(userToken(STAFF))}`);
    clients.push(c);
    expect(await c.next({ type: 'error' })).toMatchObject({ message: 'Send the token as the first message, not in the URL' });
    expect((await c.closed()).code).toBe(4401);
    expect(c.frames.some((f) => f.type === 'subscribed')).toBe(false);
  });

  it('when the token comes as the first message, then the socket is authenticated and joins its store', async () => {
    const c = await connect(userToken(STAFF));
    expect(c.frames[0]).toEqual({ type: 'authenticated' });
    expect(await c.subscribe('store:42:appointment')).toEqual({ type: 'subscribed', channel: 'store:42:appointment', seq: expect.any(Number) });
  });

  it('when auth comes after another message, then it is refused and the socket stays anonymous', async () => {
    const c = await connect();
    await c.subscribe('version');
    c.send({ type: 'auth', token: userToken(STAFF) });
    expect(await c.next({ type: 'error', message: 'auth must be the first message' })).toBeTruthy();
    expect(await c.subscribe('store:42:appointment')).toMatchObject({ type: 'error' });
  });

  it('when one address holds its cap of unauthenticated sockets, then the next is closed 1013; another address and an authenticated socket still get in', async () => {
    const open = [];
    for (let i = 0; i < ANONYMOUS.perAddress; i++) open.push(await connect(undefined, from('203.0.113.7')));
    await Promise.all(open.map((c) => c.subscribe('version')));
    const over = await connect(undefined, from('203.0.113.7'));
    expect((await over.closed()).code).toBe(1013);
    const other = await connect(undefined, from('198.51.100.1'));
    expect(await other.subscribe('version')).toMatchObject({ type: 'subscribed' });
    // One of the first four signs in: it no longer counts, so a new anonymous socket from that address fits.
    open[0].close();
    await open[0].closed();
    const signedIn = await connect(userToken(STAFF), from('203.0.113.7'));
    expect(signedIn.frames[0]).toEqual({ type: 'authenticated' });
    const again = await connect(undefined, from('203.0.113.7'));
    expect(await again.subscribe('version')).toMatchObject({ type: 'subscribed' });
  });

  it('when unauthenticated sockets reach the total cap, then more are refused from any address', async () => {
    for (let i = 0; i < ANONYMOUS.total; i++) await (await connect(undefined, from(`192.0.2.${i + 1}`))).subscribe('version');
    const over = await connect(undefined, from('192.0.2.200'));
    expect((await over.closed()).code).toBe(1013);
  });

  it('when a socket sends nothing in time, then it is closed 4408', async () => {
    const silent = await connect();
    const started = Date.now();
    expect((await silent.closed(5000)).code).toBe(4408);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ANONYMOUS.firstMessageMs - 100);
  });

  it('when sockets open and close, then the open sockets gauge of /metrics goes up and down', async () => {
    const openSockets = async () => {
      const res = await svc.http().get('/metrics').set('authorization', `Bearer ${svc.config.INTERNAL_TOKEN}`);
      expect(res.status).toBe(200);
      return Number(/^realtime_open_sockets\{service="realtime"\} (\d+)$/m.exec(res.text)?.[1]);
    };
    const before = await openSockets();
    const first = await connect(userToken(STAFF));
    await connect();
    await eventually(async () => expect(await openSockets()).toBe(before + 2));
    first.close();
    await first.closed();
    await eventually(async () => expect(await openSockets()).toBe(before + 1));
  });

  it('when NATS restarts, then events flow again', async () => {
    const c = await connect();
    await c.subscribe('version');
    await nats.kill();
    await nats.start();
    await eventually(() => {
      publish('evt.settings.global.version_updated', { app_version: 'after-restart', body: '' });
      expect(c.events('version').length).toBeGreaterThan(0);
    }, 20_000);
  }, 30_000);
});
