import { jetstreamManager } from '@nats-io/jetstream';
import { STREAM_NAME, type EventEnvelope } from '@turnbook/contracts';
import { eventually, NatsProcess } from '@turnbook/test-kit';
import { registerBody, startIdentity, type Identity } from './test/world';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * No event is lost if NATS is away or the process dies between the write and the
 * publish. The event is stored with the user; JetStream's msgID dedup makes retries harmless.
 */
describe('events survive a NATS outage', () => {
  let nats: NatsProcess;
  let svc: Identity;
  const received: EventEnvelope<any>[] = [];

  beforeAll(async () => {
    nats = new NatsProcess();
    await nats.start();
    svc = await startIdentity({ NATS_URL: nats.url, OUTBOX_SWEEP_MS: '200' }); // sweeps fail while NATS is down
    // The durable consumer messaging's mailer has (its name suffixed per test database).
    await svc.bus.consume('messaging-email-verification', async (env) => void received.push(env));
  }, 60_000);

  afterAll(async () => {
    await svc?.stop();
    await nats?.kill();
  }, 30_000);

  async function copiesInStream(email: string): Promise<number> {
    const jsm = await jetstreamManager(svc.bus.connection);
    const info = await jsm.streams.info(STREAM_NAME, { subjects_filter: 'evt.user.global.registered' });
    let copies = 0;
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const msg = await jsm.streams.getMessage(STREAM_NAME, { seq }).catch(() => null);
      if (msg && msg.subject === 'evt.user.global.registered' && msg.json<EventEnvelope<any>>().data.email === email) copies++;
    }
    return copies;
  }

  it('when NATS is killed, a user registers during the outage and NATS comes back, then the consumer gets user.registered exactly once', async () => {
    await nats.kill();
    const body = registerBody();
    const res = await svc.http().post('/api/register').send(body);
    expect(res.status).toBe(201); // the outage does not fail the registration

    // The event waits in the outbox, written before the user was cleared of it.
    const waiting = () => svc.db.collection('outbox').findOne({ 'envelope.type': 'user.registered', 'envelope.data.email': body.email });
    expect(await waiting()).not.toBeNull();
    await sleep(1000); // a few sweeps fail meanwhile
    expect(received.filter((e) => e.data.email === body.email)).toHaveLength(0);

    await nats.start();
    await eventually(() => expect(received.filter((e) => e.data.email === body.email)).toHaveLength(1), 30_000);
    await sleep(1500); // more sweeps and redeliveries would show up here
    expect(received.filter((e) => e.data.email === body.email)).toHaveLength(1);
    expect(await copiesInStream(body.email)).toBe(1);
    expect((await svc.db.collection('users').findOne({ email: body.email }))!._hasPending).toBeUndefined();
    await eventually(async () => expect(await waiting()).toBeNull());
  }, 60_000);

  it('when the instance dies during the outage, then another instance on the same database delivers the event once', async () => {
    const other = await startIdentity({ NATS_URL: nats.url, MONGO_DB: svc.config.mongoDb, OUTBOX_SWEEP_MS: '200' });
    await nats.kill();
    const body = registerBody();
    expect((await other.http().post('/api/register').send(body)).status).toBe(201);
    // The instance goes away without publishing (its connections close; its database stays).
    await Promise.race([other.bus.stop(), sleep(2000)]);
    if (!other.bus.connection.isClosed()) await other.bus.connection.close();
    await other.db.close();

    await nats.start();
    await eventually(() => expect(received.filter((e) => e.data.email === body.email)).toHaveLength(1), 30_000);
    await sleep(1500);
    expect(received.filter((e) => e.data.email === body.email)).toHaveLength(1);
    expect(await copiesInStream(body.email)).toBe(1);
  }, 60_000);
});
