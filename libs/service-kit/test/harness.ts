import { randomBytes } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { ConsumerName, EventEnvelope } from '@turnbook/contracts';
import { NatsProcess } from '@turnbook/test-kit/nats-process';
import { EventBus, pendingEventsFields } from '../src/events';
import { createLogger, type Logger } from '../src/logger';
import { connectMongo } from '../src/mongo';
import type { Memberships } from '../src/memberships';

/** Test support for the event bus: a NATS of the file's own, a fresh database, buses as separate processes would have them. */
export const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';
export const uniqueSuffix = () => `-${randomBytes(4).toString('hex')}`;

export async function waitFor(cond: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startWorld(name: string) {
  const nats = new NatsProcess();
  await nats.start();
  const dbName = `t-${name}-${randomBytes(4).toString('hex')}`;
  const connections: Connection[] = [];
  const buses: EventBus[] = [];
  /** A new connection to the file's database: what another process (or the same one restarted) would open. */
  const connectDb = async () => {
    const db = await connectMongo(mongoUrl, dbName);
    connections.push(db);
    return db;
  };
  const db = await connectDb();
  const newBus = async (opts: { db?: Connection; sweepMs?: number; sweepAfterMs?: number; durableSuffix?: string; newConsumersFrom?: 'declared' | 'now'; log?: Logger } = {}) => {
    const bus = new EventBus({
      natsUrl: nats.url,
      name: 'test',
      db: opts.db ?? (await connectDb()),
      log: opts.log ?? createLogger('test', 'silent'),
      sweepMs: opts.sweepMs ?? 200,
      // the tests below play the dead request themselves: its events are the sweeper's at once
      sweepAfterMs: opts.sweepAfterMs ?? 0,
      durableSuffix: opts.durableSuffix ?? uniqueSuffix(),
      newConsumersFrom: opts.newConsumersFrom,
    });
    await bus.start();
    buses.push(bus);
    return bus;
  };
  return {
    nats,
    db,
    connectDb,
    newBus,
    async stop() {
      for (const bus of buses) await bus.stop();
      await db.dropDatabase().catch(() => undefined);
      for (const c of connections) await c.close();
      await nats.kill();
    },
  };
}

export interface ThingDoc {
  _id: number;
  name?: string;
  _pendingEvents?: Record<string, EventEnvelope>;
  _hasPending?: boolean;
}

/** The schema of a collection whose documents carry their pending events. */
export const thingSchema = () => new mongoose.Schema<ThingDoc>({ _id: Number, name: String, ...pendingEventsFields }, { versionKey: false });

/** A model of such a collection on a given connection. */
export const thingModel = (db: Connection, name = 'Thing', collection = name.toLowerCase()): Model<ThingDoc> =>
  (db.models[name] as Model<ThingDoc> | undefined) ?? db.model<ThingDoc>(name, thingSchema(), collection);

/** A `staff.updated` event of one store: each test uses its own store, so its subject counts only its events. */
export const staffUpdated = (bus: EventBus, storeId: number, staffId = 10001) =>
  bus.event('staff.updated', storeId, {
    storeId, staffId, userId: null, fname: 'ann', lname: 'lee', nickname: 'ann', role: 'staff', online_booking: 'on', color: '#fff', archived: false,
  });

/** Collects what a consumer handled, per event id. */
export function recorder() {
  const handled: EventEnvelope[] = [];
  return {
    handled,
    handler: async (env: EventEnvelope) => void handled.push(env),
    count: (id: string) => handled.filter((e) => e.id === id).length,
  };
}

/**
 * A world with one bus whose durable consumer records what it handles: the setup the event tests share.
 * `durable` is the consumer's name in the stream (its contract name plus this file's suffix).
 */
export async function consumingWorld(name: string, consumer: ConsumerName, busOpts: { sweepMs?: number } = {}) {
  const world = await startWorld(name);
  const suffix = uniqueSuffix();
  const rec = recorder();
  const bus = await world.newBus({ db: world.db, durableSuffix: suffix, ...busOpts });
  await bus.consume(consumer, rec.handler);
  return { world, bus, rec, suffix, durable: `${consumer}${suffix}` };
}

/** Store 42's access for router tests: user 7 owns it; its kiosk signs people in. */
export const storeAccess = {
  accessFor: async (caller: { userId?: number; kind?: string; storeId?: number }, storeId: number) =>
    storeId === 42
      ? { isSuperAdmin: false, isOwner: caller.userId === 7, staffRole: null, isStoreLogin: false, isKiosk: caller.kind === 'kiosk' && caller.storeId === 42 }
      : null,
} as unknown as Memberships;
