import { randomBytes, randomUUID } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import mongoose, { type Connection, type Model } from 'mongoose';
import { z } from 'zod';
import type { RouteSchemas } from '@turnbook/contracts';
import { testKeys } from '@turnbook/test-kit/tokens';
import { buildApiRouter, reply, type Handlers } from '../src/router';
import type { Memberships } from '../src/memberships';
import { errorHandler } from '../src/app';
import { createLogger } from '../src/logger';
import { connectMongo, insertWithNumericId } from '../src/mongo';
import { IdempotencyKeys } from '../src/idempotency';
import { mongoUrl } from './harness';

// Two instances of a service on one database, as behind the gateway: the instance answering a key stops
// (its database connection is cut, so its lease is never renewed and it never answers, as after SIGKILL),
// and the client's retry lands on the other one.

const memberships = {
  accessFor: async (caller: { kind?: string; storeId?: number }, storeId: number) =>
    storeId === 42 ? { isSuperAdmin: false, isOwner: false, staffRole: null, isStoreLogin: false, isKiosk: caller.kind === 'kiosk' && caller.storeId === 42 } : null,
} as unknown as Memberships;
const SCHEMAS: Record<string, RouteSchemas> = {
  'POST sheet': { body: z.object({ storeId: z.number(), name: z.string().min(1) }), response: z.object({ id: z.number(), name: z.string() }), status: 201 },
};
const LEASE_MS = 400;
// A live attempt renews every quarter lease; under a loaded test run one renewal can take longer than 400 ms,
// and the duplicate would then take the key over (still writing once, but not replaying).
const ALIVE_LEASE_MS = 1200;

interface Sheet { _id: number; name: string }
const sheetSchema = new mongoose.Schema<Sheet>({ _id: Number, name: String }, { versionKey: false });

/** What each instance's handler waits for before and after its write (a test holds it there). */
interface Steps { beforeWrite?: () => Promise<void>; afterWrite?: () => Promise<void>; atInsert?: () => Promise<void> }

/** A step that says it was reached and never ends (the process died there). */
function diesHere(): { step: () => Promise<void>; reached: Promise<void> } {
  let reach!: () => void;
  const reached = new Promise<void>((r) => (reach = r));
  return { reached, step: () => (reach(), new Promise<void>(() => undefined)) };
}

describe('an idempotency key whose instance died', () => {
  const dbName = `t-idem-lease-${randomBytes(4).toString('hex')}`;
  const tokens = testKeys();
  const open: Connection[] = [];

  async function instance(steps: Steps = {}, leaseMs = LEASE_MS) {
    const db = await connectMongo(mongoUrl, dbName);
    open.push(db);
    const keys = new IdempotencyKeys(db, { leaseMs, waitMs: 10_000 });
    await keys.init();
    const sheets: Model<Sheet> = db.model<Sheet>('Sheet', sheetSchema, 'sheets');
    if (steps.atInsert) {
      // The insert itself: its id is chosen and bound to the key, the document not written yet.
      const create = sheets.create.bind(sheets);
      sheets.create = (async (...args: Parameters<typeof create>) => (await steps.atInsert!(), create(...args))) as typeof sheets.create;
    }
    const handlers: Handlers = {
      'POST sheet': async (input) => {
        const { name } = input.body as unknown as { name: string };
        await steps.beforeWrite?.();
        const saved = await insertWithNumericId(sheets, { name }, 'sheets');
        await steps.afterWrite?.();
        return reply({ id: saved._id, name: saved.name }, 201) as never;
      },
    };
    const app = express().use(express.json());
    app.use(buildApiRouter({ service: 'scheduling', keys: tokens.source, memberships, internalToken: 'x'.repeat(16), checkResponses: true, schemas: (k) => SCHEMAS[k], idempotency: keys }, handlers as never));
    app.use(errorHandler(createLogger('test', 'silent')));
    return { app, db, sheets };
  }

  const post = (app: express.Express, key: string, name: string) =>
    request(app).post('/api/sheet').set({ authorization: `Bearer ${tokens.kiosk(42)}`, 'Idempotency-Key': key }).send({ storeId: 42, name });

  /** The first attempt reaches the step and its instance dies there: connection cut, no answer ever. */
  async function dies(reached: Promise<void>, first: ReturnType<typeof post>, db: Connection) {
    first.then(() => undefined, () => undefined);
    await reached;
    await db.close(true);
  }

  /**
   * Every lease renewal of the instance on `db` reaches the database `ms` late; `onStore` is told, as each answer
   * is stored, how many renewals are still under way.
   */
  function lateRenewals(db: Connection, ms: number, onStore: (underWay: number) => void = () => {}) {
    const model = db.models.IdempotencyKey as unknown as { updateOne: (...args: unknown[]) => unknown };
    const original = model.updateOne;
    let underWay = 0;
    model.updateOne = function (this: unknown, ...args: unknown[]) {
      const set = (args[1] as { $set?: { state?: string; leaseUntil?: Date } }).$set;
      if (set?.state === 'done') onStore(underWay);
      if (!set?.leaseUntil || set.state) return original.apply(this, args);
      underWay += 1;
      const late = new Promise((r) => setTimeout(r, ms)).then(() => original.apply(this, args) as Promise<unknown>).finally(() => (underWay -= 1));
      return { exec: () => late };
    };
  }

  /** A first attempt with a new key whose instance dies at `where`: the key, for the retry. */
  async function firstAttemptDiesAt(where: keyof Steps, name: string): Promise<string> {
    const key = randomUUID();
    const death = diesHere();
    const a = await instance({ [where]: death.step });
    await dies(death.reached, post(a.app, key, name), a.db);
    return key;
  }

  afterAll(async () => {
    const db = await connectMongo(mongoUrl, dbName);
    await db.dropDatabase();
    await db.close();
    await Promise.all(open.map((c) => c.close(true).catch(() => undefined)));
  });

  it('when it died after writing, then a retry on another instance answers that write within seconds and nothing is written twice', async () => {
    const key = await firstAttemptDiesAt('afterWrite', 'ann');

    const b = await instance();
    const started = Date.now();
    const retry = await post(b.app, key, 'ann');
    expect(retry.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(LEASE_MS + 3000);
    const stored = await b.sheets.find({ name: 'ann' }).lean();
    expect(stored).toHaveLength(1);
    expect(retry.body).toEqual({ id: stored[0]._id, name: 'ann' });
    // and it is the answer from now on
    const again = await post(b.app, key, 'ann');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(retry.body);
  });

  it('when a lease renewal is still under way as the call ends, then the answer is stored only after it (a late renewal would write the key back to pending)', async () => {
    const a = await instance({ afterWrite: () => new Promise((r) => setTimeout(r, LEASE_MS / 4 + 60)) });
    const renewalsAtStore: number[] = [];
    // Each renewal takes 200 ms, as on a loaded database; the store of the answer notes how many are under way.
    lateRenewals(a.db, 200, (underWay) => renewalsAtStore.push(underWay));
    const key = randomUUID();
    expect((await post(a.app, key, 'eve')).status).toBe(201);
    expect(renewalsAtStore).toEqual([0]);
    expect((await post(a.app, key, 'eve')).headers['idempotent-replayed']).toBe('true');
  });

  it('when it died before writing, then a retry on another instance writes it once', async () => {
    const key = await firstAttemptDiesAt('beforeWrite', 'bo');

    const b = await instance();
    const retry = await post(b.app, key, 'bo');
    expect(retry.status).toBe(201);
    expect(await b.sheets.countDocuments({ name: 'bo' })).toBe(1);
  });

  it('when it died between choosing its id and writing, and another writer took that id, then the retry writes its own document, not the other one', async () => {
    const key = await firstAttemptDiesAt('atInsert', 'dee');

    // FerretDB's counter is not atomic: another writer may be handed the same number at the same moment.
    const b = await instance();
    const counters = b.db.collection<{ _id: string; seq: number }>('counters');
    const taken = (await counters.findOne({ _id: 'sheets' }))!.seq;
    await counters.updateOne({ _id: 'sheets' }, { $set: { seq: taken - 1 } });
    const other = await insertWithNumericId(b.sheets, { name: 'pat' }, 'sheets');

    const retry = await post(b.app, key, 'dee');
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ name: 'dee' });
    expect(retry.body.id).not.toBe(other._id);
    expect(await b.sheets.countDocuments({ name: 'dee' })).toBe(1);
    expect(await b.sheets.countDocuments({ name: 'pat' })).toBe(1);
  });

  it('when the first attempt is alive but slower than its lease, then a duplicate waits for its answer and nothing is written twice', async () => {
    const key = randomUUID();
    let wrote!: () => void;
    const written = new Promise<void>((r) => (wrote = r));
    const slow: Steps = { afterWrite: () => (wrote(), new Promise<void>((r) => setTimeout(r, ALIVE_LEASE_MS * 2))) };
    const a = await instance(slow, ALIVE_LEASE_MS);
    const b = await instance({}, ALIVE_LEASE_MS);
    const first = post(a.app, key, 'cy').then((res) => res); // then() sends it now
    // the duplicate comes once the first attempt holds the key and has written (a fixed wait loses the race under load)
    await written;
    const [one, two] = await Promise.all([first, post(b.app, key, 'cy')]);
    expect(one.status).toBe(201);
    expect(two.body).toEqual(one.body);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(await b.sheets.countDocuments({ name: 'cy' })).toBe(1);
  });

  it('when the first attempt is alive but its renewals come too late (a loaded database), then the duplicate takes the key over and the write is still done once, both answered with it', async () => {
    const key = randomUUID();
    let wrote!: () => void;
    const written = new Promise<void>((r) => (wrote = r));
    const a = await instance({ afterWrite: () => (wrote(), new Promise<void>((r) => setTimeout(r, LEASE_MS * 3))) });
    // Every renewal of the first attempt lands after its lease has run out.
    lateRenewals(a.db, LEASE_MS * 2);
    const b = await instance();
    const first = post(a.app, key, 'dot').then((res) => res);
    await written;
    const [one, two] = await Promise.all([first, post(b.app, key, 'dot')]);
    expect([one.status, two.status]).toEqual([201, 201]);
    // the duplicate ran the call itself (took over), and its write found the first attempt's document
    expect(two.headers['idempotent-replayed']).toBeUndefined();
    expect(two.body).toEqual(one.body);
    expect(await b.sheets.countDocuments({ name: 'dot' })).toBe(1);
    // whichever answer was stored, it is the one replayed from now on
    const again = await post(b.app, key, 'dot');
    expect([again.headers['idempotent-replayed'], again.body]).toEqual(['true', one.body]);
  });
});
