import { randomUUID } from 'node:crypto';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { connect as natsConnect, type NatsConnection } from '@nats-io/transport-node';
import { eventually, NatsProcess } from '@turnbook/test-kit';
import { connectClient, type Frame, type TestClient } from '../test/ws-client';
import { startRelay as startTestRelay, testSigner, type TestRelay } from '../test/world';
import { MAX_REPLAY } from './nats-bridge';

/**
 * Catch-up after a reconnect (docs/realtime.md): every event frame carries the EVENTS stream's sequence; a
 * socket that comes back subscribes with the last one it had (`after`) and gets what it missed, from the
 * stream, before the answer; or `resync` when the relay cannot replay it.
 */

const { keys, sign } = testSigner('catch-up-test');
const STAFF = 8;
const token = () => sign({ sub: String(STAFF), kind: 'user', role: 'professional' });
const CHANNEL = 'store:42:appointment';

describe('realtime catch-up', () => {
  let nats: NatsProcess;
  let nc: NatsConnection;
  let js: JetStreamClient;
  let relay: TestRelay;
  const clients: TestClient[] = [];

  const startRelay = async (): Promise<TestRelay> => {
    const started = await startTestRelay(nats.url, keys);
    await started.svc.memberships.apply({ storeId: 42, ownerId: 7, permalink: 's42', status: 'ON', members: [{ userId: STAFF, staffId: 10001, role: 'staff', archived: false }] });
    return started;
  };
  const stopRelay = (r: TestRelay) => r.stop();
  /** A service's publish: the envelope into JetStream with its id as msgID. */
  const publish = async (n: number) => {
    const id = randomUUID();
    const subject = 'evt.appointment.42.created';
    const env = { id, subject, type: 'appointment.created', storeId: 42, occurredAt: new Date().toISOString(), data: { id: n, storeId: 42 } };
    await js.publish(subject, JSON.stringify(env), { msgID: id });
  };
  const socket = async (url = relay.url) => {
    const c = await connectClient(url);
    clients.push(c);
    c.send({ type: 'auth', token: await token() });
    await c.next({ type: 'authenticated' });
    return c;
  };
  const subscribe = async (c: TestClient, after?: number) => {
    const from = c.frames.length;
    c.send({ type: 'subscribe', channel: CHANNEL, ...(after === undefined ? {} : { after }) });
    return eventually(() => {
      const answer = c.frames.slice(from).find((f) => f.type === 'subscribed' && f.channel === CHANNEL) as (Frame & { seq: number; replayed?: number; resync?: true }) | undefined;
      if (!answer) throw new Error('no answer yet');
      return answer;
    });
  };
  const numbers = (c: TestClient) => c.events(CHANNEL).map((f) => (f.data as { id: number }).id);
  const lastSeq = (c: TestClient, fallback: number) => Math.max(fallback, ...c.events(CHANNEL).map((f) => (f as Frame & { seq: number }).seq));

  beforeAll(async () => {
    nats = new NatsProcess();
    await nats.start();
    relay = await startRelay();
    nc = await natsConnect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    js = jetstream(nc);
  }, 30_000);

  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
  });

  afterAll(async () => {
    await nc?.close();
    await stopRelay(relay);
    await nats?.kill();
  });

  it('when a socket comes back with the last seq it had, then it gets the events it missed in order, then the answer, then live ones', async () => {
    const first = await socket();
    const joined = await subscribe(first);
    await publish(1);
    await eventually(() => expect(numbers(first)).toEqual([1]));
    const position = lastSeq(first, joined.seq);
    first.close();
    for (let n = 2; n <= 6; n++) await publish(n);

    const back = await socket();
    const answer = await subscribe(back, position);
    expect(answer).toMatchObject({ replayed: 5 });
    expect(answer).not.toHaveProperty('resync');
    expect(numbers(back)).toEqual([2, 3, 4, 5, 6]);
    // The replayed events came before the answer.
    expect(back.frames.findIndex((f) => f.type === 'subscribed')).toBeGreaterThan(back.frames.findLastIndex((f) => f.type === 'event'));
    await publish(7);
    await eventually(() => expect(numbers(back)).toEqual([2, 3, 4, 5, 6, 7]));
  });

  it('when the relay restarts under a subscribed socket while events keep coming, then the socket that comes back misses none and gets none twice', async () => {
    let c = await socket();
    let position = (await subscribe(c)).seq;
    const seen: number[] = [];
    let n = 1000;
    const publishing = { on: true };
    const publisher = (async () => {
      while (publishing.on) {
        await publish(n++);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await eventually(() => expect(numbers(c).length).toBeGreaterThan(20));

    // The relay dies (its sockets close), events go on into the stream, a new relay starts.
    await stopRelay(relay);
    await c.closed();
    seen.push(...numbers(c));
    position = lastSeq(c, position);
    await new Promise((r) => setTimeout(r, 500));
    relay = await startRelay();
    c = await socket();
    expect(await subscribe(c, position)).toMatchObject({ type: 'subscribed' });
    await new Promise((r) => setTimeout(r, 300));
    publishing.on = false;
    await publisher;
    const last = n - 1;
    await eventually(() => expect(numbers(c)).toContain(last));
    seen.push(...numbers(c));

    const expected = Array.from({ length: last - 1000 + 1 }, (_, i) => 1000 + i);
    expect(seen).toEqual(expected);
  }, 30_000);

  it('when NATS is killed and comes back under a subscribed socket while events keep coming, then the socket gets every event within 5 s, in order, none twice', async () => {
    const c = await socket();
    await subscribe(c);
    const published: number[] = [];
    const publishing = { on: true };
    const publisher = (async () => {
      for (let n = 5000; publishing.on; n++) {
        // Sent again until stored, with the same msgID, as the outbox does.
        const id = randomUUID();
        const env = { id, subject: 'evt.appointment.42.created', type: 'appointment.created', storeId: 42, occurredAt: new Date().toISOString(), data: { id: n, storeId: 42 } };
        for (;;) {
          const stored = await js.publish(env.subject, JSON.stringify(env), { msgID: id, timeout: 1000 }).then(() => true, () => false);
          if (stored) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        published.push(n);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await eventually(() => expect(numbers(c).length).toBeGreaterThan(10));

    await nats.kill();
    await new Promise((r) => setTimeout(r, 300));
    await nats.start();
    const atRestart = published.length;
    try {
      await eventually(() => expect(published.length).toBeGreaterThan(atRestart + 20), 15_000);
    } finally {
      publishing.on = false;
      await publisher;
    }

    await eventually(() => expect(numbers(c)).toEqual(published), 5000);
  }, 60_000);

  it('when a socket missed more events than a replay carries, then the answer says resync and sends none of them', async () => {
    const first = await socket();
    const position = (await subscribe(first)).seq;
    first.close();
    // A socket that stays: once it has every event live, the relay has passed them all (on a loaded run its
    // live feed lags the stream, and an event it reaches after `back` subscribed is rightly sent as live).
    const stays = await socket();
    await subscribe(stays);
    await Promise.all(Array.from({ length: MAX_REPLAY + 1 }, (_, i) => publish(i)));
    await eventually(() => expect(stays.events(CHANNEL)).toHaveLength(MAX_REPLAY + 1), 20_000);

    const back = await socket();
    expect(await subscribe(back, position)).toMatchObject({ type: 'subscribed', resync: true });
    expect(back.events(CHANNEL)).toHaveLength(0);
  }, 30_000);

  it("when the kiosk comes back on its queue channel, then the replay carries the same notices as live ones: no names, no phones", async () => {
    const kioskToken = await sign({ sub: 'store:42', kind: 'kiosk', role: 'kiosk', storeId: 42 });
    const kiosk = await connectClient(relay.url);
    clients.push(kiosk);
    kiosk.send({ type: 'auth', token: kioskToken });
    await kiosk.next({ type: 'authenticated' });
    const position = ((await kiosk.subscribe('store:42:queue')) as Frame & { seq: number }).seq;
    kiosk.close();
    const id = randomUUID();
    const env = { id, subject: 'evt.sheet.42.created', type: 'sheet.created', storeId: 42, occurredAt: new Date().toISOString(), data: { id: 3, storeId: 42, customerPhone: '5551234567', name: 'Jane Walker' } };
    await js.publish(env.subject, JSON.stringify(env), { msgID: id });

    const back = await connectClient(relay.url);
    clients.push(back);
    back.send({ type: 'auth', token: kioskToken });
    back.send({ type: 'subscribe', channel: 'store:42:queue', after: position });
    expect(await back.next({ type: 'subscribed', channel: 'store:42:queue' })).toMatchObject({ replayed: 1 });
    expect(back.events('store:42:queue').map((f) => f.data)).toEqual([{ storeId: 42, changed: 'sheet' }]);
    expect(JSON.stringify(back.frames)).not.toMatch(/Jane|5551234567/);
  });

  it('when a socket joins without a position, then it is told the current one and gets no replay', async () => {
    await publish(1);
    const c = await socket();
    const answer = await subscribe(c);
    expect(answer.seq).toBeGreaterThan(0);
    expect(answer).not.toHaveProperty('replayed');
    expect(c.events(CHANNEL)).toHaveLength(0);
  });
});
