import { connectMongo } from '../src/mongo';
import { Memberships } from '../src/memberships';

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
