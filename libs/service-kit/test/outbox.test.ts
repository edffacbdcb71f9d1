import mongoose, { type Connection } from 'mongoose';
import type { EventEnvelope } from '@turnbook/contracts';
import { EventBus, pendingEvents, pendingEventsFields } from '../src/events';
import { createLogger } from '../src/logger';
import { connectMongo } from '../src/mongo';
import { freePort, NatsProcess } from '@turnbook/test-kit/nats-process';

const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';
const waitFor = async (cond: () => boolean, ms = 15_000) => {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('events with the outbox', () => {
  let nats: NatsProcess;
  let db: Connection;
  let bus: EventBus;
  const received: EventEnvelope[] = [];
  const Thing = () => db.models.Thing ?? db.model('Thing', new mongoose.Schema({ _id: Number, name: String, ...pendingEventsFields }));

  beforeAll(async () => {
    nats = new NatsProcess(await freePort());
    await nats.start();
    db = await connectMongo(mongoUrl, `t-outbox-${Date.now()}`);
    bus = new EventBus({ natsUrl: nats.url, name: 'test', db, log: createLogger('test', 'silent'), sweepMs: 200 });
    await bus.start();
    await bus.consume('test-consumer', 'evt.user.>', async (env) => void received.push(env));
  }, 30_000);

  afterAll(async () => {
    await bus?.stop();
    await db?.dropDatabase();
    await db?.close();
    await nats?.kill();
  });

  const registered = (n: number) =>
    bus.event('user.registered', 'global', { userId: n, email: `u${n}@x.io`, fname: 'u', verifyUrl: 'http://x' });

  it('when a document is written with an event, then the consumer gets it and the document is clean', async () => {
    const env = registered(1);
    await Thing().create({ _id: 1, name: 'one', ...pendingEvents(env) });
    await bus.flush(Thing(), 1);
    await waitFor(() => received.some((e) => e.id === env.id));
    const doc = await Thing().findById(1).lean<{ _pendingEvents?: unknown[]; _hasPending?: boolean }>();
    expect(doc?._pendingEvents).toBeUndefined();
    expect(doc?._hasPending).toBeUndefined();
  });

  it('when NATS dies and an event is written during the outage, then it is delivered exactly once after NATS is back', async () => {
    await nats.kill();
    const env = registered(2);
    await Thing().create({ _id: 2, name: 'two', ...pendingEvents(env) });
    await bus.flush(Thing(), 2); // fails quietly: NATS is down
    expect((await Thing().findById(2).lean<{ _hasPending?: boolean }>())?._hasPending).toBe(true);

    await nats.start();
    await waitFor(() => received.some((e) => e.id === env.id), 30_000);
    // A retry of the same event (e.g. a second sweeper) must not reach the consumer again.
    await (bus as unknown as { tryPublish(e: EventEnvelope): Promise<boolean> }).tryPublish(env);
    await new Promise((r) => setTimeout(r, 1000));
    expect(received.filter((e) => e.id === env.id)).toHaveLength(1);
    expect((await Thing().findById(2).lean<{ _hasPending?: boolean }>())?._hasPending).toBeUndefined();
  }, 60_000);

  it('when an update records two events, then both are delivered in order and the flag clears', async () => {
    await Thing().create({ _id: 4, name: 'four' });
    const [a, b] = [registered(41), registered(42)];
    await Thing().updateOne({ _id: 4 }, { $set: { name: 'vier', ...bus.withEvents(a, b) } });
    await bus.flush(Thing(), 4);
    await waitFor(() => received.some((e) => e.id === b.id));
    expect(received.findIndex((e) => e.id === a.id)).toBeLessThan(received.findIndex((e) => e.id === b.id));
    const doc = await Thing().findById(4).lean<{ name: string; _hasPending?: boolean }>();
    expect(doc).toMatchObject({ name: 'vier' });
    expect(doc?._hasPending).toBeUndefined();
  });

  it('when a delete is recorded with an event, then the document is gone and the event delivered', async () => {
    await Thing().create({ _id: 3, name: 'three' });
    const env = registered(3);
    await bus.deleteWithEvent(Thing(), 3, env);
    await waitFor(() => received.some((e) => e.id === env.id));
    expect(await Thing().findById(3)).toBeNull();
  });
});
