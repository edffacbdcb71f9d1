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
  // FerretDB v1 runs conditional updates as read-then-write, so which of several simultaneous snapshots
  // wins is only guaranteed on MongoDB; what must hold everywhere is that no request fails on the race.
  it('when the same store is applied many times at once, then no apply fails', async () => {
    const db = await connectMongo(mongoUrl, `t-members-race-${Date.now()}`);
    const m = new Memberships(db);
    await Promise.all([5, 3, 9, 1, 7, 2].map((v) => m.apply({ ...snapshot(v), permalink: `v${v}` })));
    expect(['v5', 'v3', 'v9', 'v1', 'v7', 'v2']).toContain((await m.model.findById(42).lean())?.permalink);
    await db.dropDatabase();
    await db.close();
  });
});
