import mongoose from 'mongoose';
import { storedCopies, waitUntilConsumed } from '@turnbook/test-kit/jetstream';
import type { EventEnvelope } from '@turnbook/contracts';
import type { EventBus } from '../src/events';
import { pendingEvents } from '../src/events';
import { consumingWorld, recorder, staffUpdated, startWorld, thingModel, thingSchema, waitFor, type ThingDoc } from './harness';

/**
 * Events are stored with the write that causes them and published from there: whatever dies in between
 * (NATS, the process, the acknowledgement), each event reaches a consumer exactly once.
 */
describe('events stored with their write (outbox)', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  let bus: EventBus;
  let rec: ReturnType<typeof recorder>;
  let durable: string;

  beforeAll(async () => {
    ({ world, bus, rec, durable } = await consumingWorld('outbox', 'customers-staff-names'));
  }, 30_000);
  afterAll(async () => world?.stop());

  const Thing = () => thingModel(world.db);
  const pendingOf = async (model: mongoose.Model<ThingDoc>, id: number) => model.findById(id).lean<ThingDoc>();
  const outboxHas = async (eventId: string) => (await world.db.collection('outbox').countDocuments({ _id: eventId as never })) === 1;
  /** After the consumer acknowledged everything, a second delivery would already have been counted. */
  const settled = (timeoutMs?: number) => waitUntilConsumed(bus.connection, durable, timeoutMs);
  /** The event reached the consumer, and once everything settled it was stored and handled exactly once. */
  const deliveredOnce = async (env: EventEnvelope) => {
    await waitFor(() => rec.count(env.id) === 1);
    await settled();
    expect(await storedCopies(bus.connection, env.subject)).toBe(1);
    expect(rec.count(env.id)).toBe(1);
  };

  it('when a document is written with an event, then the consumer gets it and the document is clean', async () => {
    const env = staffUpdated(bus, 101);
    await Thing().create({ _id: 1, name: 'one', ...pendingEvents(env) });
    await bus.flush(Thing(), 1);
    await waitFor(() => rec.count(env.id) === 1);
    // The startup sweep may publish it too; a look after both leaves the document clean.
    await bus.flush(Thing(), 1);
    const doc = await pendingOf(Thing(), 1);
    expect(doc?._pendingEvents).toBeUndefined();
    expect(doc?._hasPending).toBeUndefined();
    await settled();
    expect(rec.count(env.id)).toBe(1);
  });

  it('when NATS dies and an event is written during the outage, then it is delivered exactly once after NATS is back', async () => {
    await world.nats.kill();
    const env = staffUpdated(bus, 102);
    await Thing().create({ _id: 2, name: 'two', ...pendingEvents(env) });
    await bus.flush(Thing(), 2); // fails quietly: NATS is down
    // The event left the document for the outbox, where it waits.
    expect((await pendingOf(Thing(), 2))?._hasPending).toBeUndefined();
    expect(await outboxHas(env.id)).toBe(true);

    await world.nats.start();
    await waitFor(() => rec.count(env.id) === 1, 30_000);
    await waitFor(async () => !(await outboxHas(env.id)));
    // A message the server handed to the pull that died with the connection is redelivered after the
    // consumer's 30 s ack wait (and then recognised as handled): settling may take that long.
    await settled(45_000);
    expect(rec.count(env.id)).toBe(1);
    expect(await storedCopies(bus.connection, env.subject)).toBe(1);
  }, 90_000);

  it('when an update records two events, then both are delivered in order and the flag clears', async () => {
    await Thing().create({ _id: 4, name: 'four' });
    const [a, b] = [staffUpdated(bus, 104, 1), staffUpdated(bus, 104, 2)];
    await Thing().updateOne({ _id: 4 }, { $set: { name: 'vier', ...bus.withEvents(a, b) } });
    await bus.flush(Thing(), 4);
    await waitFor(() => rec.count(b.id) === 1);
    expect(rec.handled.findIndex((e) => e.id === a.id)).toBeLessThan(rec.handled.findIndex((e) => e.id === b.id));
    const doc = await Thing().findById(4).lean<{ name: string; _hasPending?: boolean }>();
    expect(doc).toMatchObject({ name: 'vier' });
    expect(doc?._hasPending).toBeUndefined();
  });

  it('when a delete is recorded with an event, then the document is gone and the event delivered', async () => {
    await Thing().create({ _id: 3, name: 'three' });
    const env = staffUpdated(bus, 103);
    await bus.deleteWithEvent(Thing(), 3, env);
    await waitFor(() => rec.count(env.id) === 1);
    expect(await Thing().findById(3)).toBeNull();
  });

  it('when a process dies between the write and the publish, then the next process sweeps the event out exactly once', async () => {
    // Its own collection: the file's long-lived bus sweeps 'things' and would publish the event itself.
    const Crashed = (db: typeof world.db) => thingModel(db, 'CrashedThing');
    const dbA = await world.connectDb();
    const a = await world.newBus({ db: dbA });
    const env = staffUpdated(a, 105);
    await Crashed(dbA).create({ _id: 5, name: 'five', ...pendingEvents(env) });
    await a.stop(); // dies before flush: nothing was published
    expect(await storedCopies(bus.connection, env.subject)).toBe(0);

    const dbB = await world.connectDb();
    const b = await world.newBus({ db: dbB, sweepMs: 200 });
    b.track(Crashed(dbB)); // what a repository does when the restarted service builds it
    await waitFor(() => rec.count(env.id) === 1);
    await waitFor(async () => (await pendingOf(Crashed(world.db), 5))?._hasPending === undefined);
    await settled();
    expect(rec.count(env.id)).toBe(1);
    expect(await storedCopies(bus.connection, env.subject)).toBe(1);
  });

  it("when the sweeper looks while a write's request has not published its events yet, then it leaves them to that request until they are sweepAfterMs old", async () => {
    // Its own collection and a bus that does not sweep by itself: the sweeps are this test's.
    const Fresh = (db: typeof world.db) => thingModel(db, 'FreshThing');
    const dbA = await world.connectDb();
    const a = await world.newBus({ db: dbA, sweepMs: 3_600_000, sweepAfterMs: 1500 });
    a.track(Fresh(dbA));
    const env = staffUpdated(a, 111);
    await Fresh(dbA).create({ _id: 11, name: 'eleven', ...pendingEvents(env) });
    await a.sweep(); // the request is still between its write and its beforePublish
    expect(await storedCopies(bus.connection, env.subject)).toBe(0);
    expect((await pendingOf(Fresh(world.db), 11))?._hasPending).toBe(true);

    await new Promise((r) => setTimeout(r, 1600)); // the request died: the event is the sweeper's now
    await a.sweep();
    await deliveredOnce(env);
  });

  it('when a process dies right after a numbered insert, then the event was stored in that same write and the sweeper delivers it', async () => {
    const dbA = await world.connectDb();
    const a = await world.newBus({ db: dbA });
    const schema = thingSchema();
    let dieAfterInsert = true;
    schema.post('save', () => {
      if (dieAfterInsert) throw new Error('process died');
    });
    const Numbered = dbA.model<ThingDoc>('Numbered', schema, 'numbered');
    await expect(a.insertNumbered(Numbered, { name: 'x' }, { counter: 'numbered', start: 500 }, (saved) => [staffUpdated(a, 106, saved._id)]))
      .rejects.toThrow('process died');
    dieAfterInsert = false;
    await a.stop();

    const stored = await Numbered.find({}).lean<ThingDoc[]>();
    expect(stored).toHaveLength(1);
    const [event] = Object.values(stored[0]._pendingEvents ?? {});
    expect((event?.data as { staffId: number } | undefined)?.staffId).toBe(stored[0]._id); // built from the saved document, id included

    const dbB = await world.connectDb();
    const b = await world.newBus({ db: dbB, sweepMs: 200 });
    b.track(thingModel(dbB, 'Numbered'));
    await waitFor(() => rec.handled.some((e) => e.subject === 'evt.staff.106.updated'));
    await settled();
    expect(rec.handled.filter((e) => e.subject === 'evt.staff.106.updated')).toHaveLength(1);
    expect(await storedCopies(bus.connection, 'evt.staff.106.updated')).toBe(1);
  });

  it('when clearing a document of its events fails, then nothing is published yet and the sweeper delivers them once', async () => {
    const dbW = await world.connectDb();
    const schema = thingSchema();
    let failClear = true;
    schema.pre('updateOne', () => {
      if (failClear) {
        failClear = false;
        throw new Error('connection lost');
      }
    });
    const Lossy = dbW.model<ThingDoc>('Lossy', schema, 'lossy');
    const w = await world.newBus({ db: dbW, sweepMs: 60_000 });
    const env = staffUpdated(w, 107);
    await Lossy.create({ _id: 7, name: 'seven', ...pendingEvents(env) });
    await expect(w.flush(Lossy, 7)).rejects.toThrow('connection lost');
    // A consumer writing the document must not meet our clearing: the event waits until it is done.
    expect(await storedCopies(bus.connection, env.subject)).toBe(0);
    expect((await pendingOf(Lossy, 7))?._hasPending).toBe(true);
    expect(await outboxHas(env.id)).toBe(true);

    await w.sweep();
    expect((await pendingOf(Lossy, 7))?._hasPending).toBeUndefined();
    expect(await outboxHas(env.id)).toBe(false);
    await deliveredOnce(env);
  });

  it('when an event was published but its outbox copy was not removed, then the retry is deduplicated and it is delivered once', async () => {
    const w = await world.newBus({ db: await world.connectDb(), sweepMs: 60_000 });
    const env = staffUpdated(w, 108);
    await Thing().create({ _id: 8, name: 'eight', ...pendingEvents(env) });
    await w.flush(Thing(), 8);
    expect(await storedCopies(bus.connection, env.subject)).toBe(1);
    await waitFor(async () => !(await outboxHas(env.id))); // removed after the publish, not waited for
    // Now as if the process had died between the publish and the removal.
    await world.db.collection('outbox').insertOne({ _id: env.id as never, envelope: env, from: { collection: 'thing', id: 8 }, at: new Date() });

    await w.sweep(); // publishes the same event again
    expect(await outboxHas(env.id)).toBe(false);
    await deliveredOnce(env);
  });

  it('when two sweepers race over the same pending events, then each event is stored and delivered exactly once', async () => {
    const [dbA, dbB] = [await world.connectDb(), await world.connectDb()];
    const [a, b] = [await world.newBus({ db: dbA, sweepMs: 60_000 }), await world.newBus({ db: dbB, sweepMs: 60_000 })];
    const Raced = (db: mongoose.Connection) => thingModel(db, 'Raced');
    a.track(Raced(dbA));
    b.track(Raced(dbB));
    const events = Array.from({ length: 40 }, (_, i) => staffUpdated(a, 200 + i));
    await Raced(world.db).insertMany(events.map((env, i) => ({ _id: 200 + i, name: `r${i}`, ...pendingEvents(env) })));

    await Promise.all([a.sweep(), b.sweep()]);
    expect(await Raced(world.db).countDocuments({ _hasPending: true })).toBe(0);
    await waitFor(() => events.every((e) => rec.count(e.id) >= 1));
    await settled();
    for (const env of events) {
      expect(await storedCopies(bus.connection, env.subject)).toBe(1);
      expect(rec.count(env.id)).toBe(1);
    }
  }, 60_000);
});
