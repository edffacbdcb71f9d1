import type { Connection } from 'mongoose';
import pino from 'pino';
import { startFakeScheduling, type FakeScheduling } from '@turnbook/test-kit/fake-scheduling';
import { connectMongo } from '../src/mongo';
import { allows } from '@turnbook/domain';
import { Memberships, schedulingMembershipLookup } from '../src/memberships';

const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';
const owner = { kind: 'user' as const, userId: 7, role: 'professional' };
const staff = { kind: 'user' as const, userId: 8, role: 'professional' };
const snapshot = (version: number, status = 'ON', role = 'staff') => ({
  storeId: 42, version, ownerId: 7, permalink: 'x', status,
  members: [{ userId: 8, staffId: 10001, role, archived: false }],
});

describe('memberships read model', () => {
  it('when snapshots arrive out of order, then the newest one stays', async () => {
    const db = await connectMongo(mongoUrl, `t-members-${Date.now()}`);
    const m = new Memberships(db);
    await m.apply(snapshot(200, 'ON', 'admin'));
    await m.apply(snapshot(100, 'ON', 'limited')); // older, arrives late
    expect((await m.accessFor(staff, 42))?.staffRole).toBe('admin');
    await m.apply(snapshot(300, 'ON', 'staff'));
    expect((await m.accessFor(staff, 42))?.staffRole).toBe('staff');
    await db.dropDatabase();
    await db.close();
  });

  it('when a store is removed, then its owner and staff have no access but the super admin still does', async () => {
    const db = await connectMongo(mongoUrl, `t-members-off-${Date.now()}`);
    const m = new Memberships(db);
    await m.apply(snapshot(1));
    expect((await m.accessFor(owner, 42))?.isOwner).toBe(true);
    await m.apply(snapshot(2, 'OFF'));
    expect(await m.accessFor(owner, 42)).toBeNull();
    expect(await m.accessFor(staff, 42)).toBeNull();
    expect(await m.accessFor({ kind: 'user', userId: 1, role: 'super admin' }, 42)).not.toBeNull();
    await db.dropDatabase();
    await db.close();
  });
});

describe('franchise managers in the read model', () => {
  it("when a store's snapshot grants a franchise manager, then another service's guards give them an admin's access there; taken back, none", async () => {
    const db = await connectMongo(mongoUrl, `t-members-managers-${Date.now()}`);
    const m = new Memberships(db);
    const manager = { kind: 'user' as const, userId: 9, role: 'professional' };
    await m.apply({ ...snapshot(1), managers: [9] });
    const access = await m.accessFor(manager, 42);
    expect(access).toMatchObject({ isManager: true, isOwner: false, staffRole: null });
    expect(allows('storeOwnerOrAdmin', access!)).toBe(true);
    expect(allows('storeOwner', access!)).toBe(false);
    expect(await m.storeIdsOf(9)).toEqual([42]);
    expect((await m.snapshot(42))?.managers).toEqual([9]);
    await m.apply({ ...snapshot(2), managers: [] });
    expect(await m.accessFor(manager, 42)).toMatchObject({ isManager: false });
    expect(allows('storeMember', (await m.accessFor(manager, 42))!)).toBe(false);
    await db.dropDatabase();
    await db.close();
  });
});

describe('memberships read model under concurrency', () => {
  // FerretDB runs conditional writes as read-then-write, so two applies can both pass the version check.
  it('when many snapshots of a store are applied at once from two processes in shuffled order, then the newest always wins', async () => {
    const name = `t-members-race-${Date.now()}`;
    const [dbA, dbB] = [await connectMongo(mongoUrl, name), await connectMongo(mongoUrl, name)];
    const [a, b] = [new Memberships(dbA), new Memberships(dbB)];
    for (let round = 0; round < 12; round++) {
      const storeId = 1000 + round;
      const versions = Array.from({ length: 12 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
      await Promise.all(versions.map((v, i) => (i % 2 ? a : b).apply({ ...snapshot(v), storeId, permalink: `v${v}` })));
      expect((await a.model.findById(storeId).lean())).toMatchObject({ version: 12, permalink: 'v12' });
    }
    await dbA.dropDatabase();
    await Promise.all([dbA.close(), dbB.close()]);
  }, 60_000);

  it('when an older snapshot is still being applied in the same process as a newer apply returns, then nothing reads the older one afterwards', async () => {
    const db = await connectMongo(mongoUrl, `t-members-turns-${Date.now()}`);
    const m = new Memberships(db);
    await m.apply({ ...snapshot(1), permalink: 'one' });
    // FerretDB's conditional replace reads, then writes: an older apply's write can land after a newer one's.
    const replaceOne = m.model.replaceOne.bind(m.model);
    let newerReturned = false;
    const seenAfterNewer: string[] = [];
    m.model.replaceOne = (async (filter: { _id: number }, doc: { version: number; permalink: string }, ...rest: unknown[]) => {
      if (doc.version === 2) {
        await new Promise((r) => setTimeout(r, 150));
        await (replaceOne as (...a: unknown[]) => Promise<unknown>)({ _id: filter._id }, doc, ...rest); // the check passed before the newer write
        if (newerReturned) seenAfterNewer.push((await m.model.findById(42).lean())!.permalink);
        return;
      }
      return (replaceOne as (...a: unknown[]) => Promise<unknown>)(filter, doc, ...rest);
    }) as never;
    const older = m.apply({ ...snapshot(2), permalink: 'two' });
    await new Promise((r) => setTimeout(r, 50)); // the older one is writing
    await m.apply({ ...snapshot(3), permalink: 'three' });
    newerReturned = true;
    await older;
    expect(seenAfterNewer).toEqual([]);
    expect((await m.model.findById(42).lean())?.permalink).toBe('three');
    await db.dropDatabase();
    await db.close();
  });

  it('when a snapshot older than the stored one arrives after it, then it changes nothing, also with an equal version applied again', async () => {
    const db = await connectMongo(mongoUrl, `t-members-late-${Date.now()}`);
    const m = new Memberships(db);
    await m.apply({ ...snapshot(10), permalink: 'ten' });
    await m.apply({ ...snapshot(9), permalink: 'nine' });
    expect((await m.model.findById(42).lean())?.permalink).toBe('ten');
    await m.apply({ ...snapshot(10), permalink: 'ten-again' });
    expect((await m.model.findById(42).lean())?.permalink).toBe('ten-again');
    await db.dropDatabase();
    await db.close();
  });
});

describe('a store the read model has not heard of yet', () => {
  const TOKEN = 'test-internal-token-0123456789';
  let db: Connection;
  let scheduling: FakeScheduling;
  let warnings: string[];
  let nextStore = 5000;
  const fresh = () => nextStore++;

  /** A read model that asks the fake scheduling on a miss; a store it does not know stays unknown for `missingMs`. */
  const readModel = (missingMs?: number, url = scheduling.url) => {
    const m = new Memberships(db);
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    m.askOnMiss(schedulingMembershipLookup(url, TOKEN), log, missingMs);
    return m;
  };

  beforeAll(async () => {
    db = await connectMongo(mongoUrl, `t-members-miss-${Date.now()}`);
    scheduling = await startFakeScheduling(TOKEN);
  });
  beforeEach(() => {
    warnings = [];
    scheduling.answerAfter(0);
    scheduling.fail(false);
  });
  afterAll(async () => {
    await scheduling?.stop();
    await db?.dropDatabase();
    await db?.close();
  });

  it("when a store created a moment ago is asked about, then the answer comes from scheduling's snapshot, which is kept as its event would be", async () => {
    const storeId = fresh();
    scheduling.stores.set(storeId, { ...snapshot(100, 'ON', 'admin'), storeId });
    const m = readModel();
    expect(await m.accessFor(owner, storeId)).toMatchObject({ isOwner: true });
    expect((await m.accessFor(staff, storeId))?.staffRole).toBe('admin');
    expect(scheduling.callsFor(storeId)).toBe(1);
    expect(await m.model.findById(storeId).lean()).toMatchObject({ version: 100, status: 'ON' });
    // Its event, arriving later, changes nothing.
    await m.apply({ ...snapshot(100, 'ON', 'admin'), storeId });
    expect((await m.accessFor(staff, storeId))?.staffRole).toBe('admin');
  });

  it('when the snapshot from the lookup is older than an event applied while it was asked for, then the event stays', async () => {
    const storeId = fresh();
    scheduling.stores.set(storeId, { ...snapshot(100, 'ON', 'limited'), storeId });
    scheduling.answerAfter(300);
    const m = readModel();
    const asked = m.accessFor(staff, storeId);
    await new Promise((r) => setTimeout(r, 100));
    await m.apply({ ...snapshot(200, 'ON', 'admin'), storeId });
    expect((await asked)?.staffRole).toBe('admin');
    expect(await m.model.findById(storeId).lean()).toMatchObject({ version: 200 });
  });

  it('when an event older than the snapshot from the lookup arrives after it, then the snapshot stays', async () => {
    const storeId = fresh();
    scheduling.stores.set(storeId, { ...snapshot(200, 'ON', 'admin'), storeId });
    const m = readModel();
    expect((await m.accessFor(staff, storeId))?.staffRole).toBe('admin');
    await m.apply({ ...snapshot(150, 'ON', 'limited'), storeId });
    expect((await m.accessFor(staff, storeId))?.staffRole).toBe('admin');
  });

  it('when many requests miss the same store at once, then scheduling is asked once and all of them get the store', async () => {
    const storeId = fresh();
    scheduling.stores.set(storeId, { ...snapshot(100), storeId });
    scheduling.answerAfter(200);
    const m = readModel();
    const answers = await Promise.all(Array.from({ length: 20 }, () => m.accessFor(owner, storeId)));
    expect(answers.every((a) => a?.isOwner === true)).toBe(true);
    expect(scheduling.callsFor(storeId)).toBe(1);
  });

  it('when scheduling does not know a store, then it is unknown and not asked again until the window has passed', async () => {
    const storeId = fresh();
    const m = readModel(400);
    expect(await m.accessFor(owner, storeId)).toBeNull();
    expect(await m.accessFor(owner, storeId)).toBeNull();
    expect(await m.store(storeId)).toBeNull();
    expect(scheduling.callsFor(storeId)).toBe(1);
    await new Promise((r) => setTimeout(r, 450));
    scheduling.stores.set(storeId, { ...snapshot(100), storeId });
    expect(await m.accessFor(owner, storeId)).toMatchObject({ isOwner: true });
    expect(scheduling.callsFor(storeId)).toBe(2);
  });

  it('when scheduling does not answer, then the store is answered unknown once the lookup gives up (2 s), not left waiting', async () => {
    const storeId = fresh();
    scheduling.stores.set(storeId, { ...snapshot(100), storeId });
    scheduling.answerAfter(3500);
    const m = readModel();
    const started = Date.now();
    expect(await m.accessFor(owner, storeId)).toBeNull();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(waited).toBeLessThan(3000);
    expect(warnings).toHaveLength(1);
    // Not asked again within the missing window: the next request answers at once.
    const again = Date.now();
    expect(await m.accessFor(owner, storeId)).toBeNull();
    expect(Date.now() - again).toBeLessThan(500);
    expect(scheduling.callsFor(storeId)).toBe(1);
  });

  it('when scheduling fails or cannot be reached, then the store is unknown, nothing throws and a warning is logged', async () => {
    const storeId = fresh();
    scheduling.stores.set(storeId, { ...snapshot(100), storeId });
    scheduling.fail(true);
    expect(await readModel().accessFor(owner, storeId)).toBeNull();
    expect(await readModel(undefined, 'http://127.0.0.1:1').accessFor(owner, storeId)).toBeNull();
    expect(warnings).toHaveLength(2);
    expect(warnings.every((w) => JSON.parse(w).storeId === storeId)).toBe(true);
    expect(await db.model('StoreMembership').exists({ _id: storeId })).toBeNull();
  });
});
