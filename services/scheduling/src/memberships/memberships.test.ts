import { jetstreamManager } from '@nats-io/jetstream';
import { STREAM_NAME } from '@turnbook/contracts';
import { eventually } from '@turnbook/test-kit';
import { snapshotOf } from './membership-publisher';
import { startWorld, type World } from '../test/world';

describe('membership snapshots', () => {
  it('when staff are a mix of account and no-account, then only account staff are members', () => {
    const snap = snapshotOf({ _id: 5, ownerId: 1, permalink: 'p', status: 'ON' }, [
      { _id: 10000, userId: 7, role: 'admin', archived: false },
      { _id: 10001, userId: null, role: 'staff', archived: false },
      { _id: 10002, userId: 8, role: 'limited', archived: true },
    ]);
    expect(snap).toEqual({
      storeId: 5, version: expect.any(Number), ownerId: 1, permalink: 'p', status: 'ON',
      members: [{ userId: 7, staffId: 10000, role: 'admin', archived: false }, { userId: 8, staffId: 10002, role: 'limited', archived: true }],
    });
  });

  it('when snapshots are taken, then one that read earlier has the smaller version', () => {
    const store = { _id: 5, ownerId: 1, permalink: 'p', status: 'ON' as const };
    const first = snapshotOf(store, []);
    const second = snapshotOf(store, []);
    expect(second.version!).toBeGreaterThan(first.version!);
  });

  describe('after a crash between a staff write and its snapshot', () => {
    let w: World;
    beforeAll(async () => {
      w = await startWorld({ MEMBERSHIP_SWEEP_MS: '200' });
    }, 60_000);
    afterAll(async () => w?.stop());

    it('when a staff record is left marked stale, then the sweeper publishes the snapshot and clears the mark', async () => {
      // What a process that died right after the write leaves behind.
      await w.svc.db.collection('employees').updateOne({ _id: w.staffIds.limited } as never, { $set: { role: 'admin', _membershipStale: 'crashed' } });
      await eventually(async () => {
        const local = await w.svc.memberships.model.findById(w.store.id).lean();
        expect(local!.members).toContainEqual({ userId: w.ids.limited, staffId: w.staffIds.limited, role: 'admin', archived: false });
      });
      await eventually(async () => {
        expect(await w.svc.db.collection('employees').countDocuments({ _membershipStale: { $exists: true } })).toBe(0);
      });
    });

    it('when scheduling runs, then it applies its snapshots once, directly, and has no consumer of its own membership events', async () => {
      const jsm = await jetstreamManager(w.svc.bus.connection);
      const names: string[] = [];
      for await (const c of jsm.consumers.list(STREAM_NAME)) names.push(c.name);
      const ours = names.filter((n) => n.endsWith(w.svc.config.DURABLE_SUFFIX));
      expect(ours).toEqual(expect.arrayContaining([expect.stringMatching(/^scheduling-user-updated-/)]));
      expect(ours.filter((n) => n.includes('memberships'))).toEqual([]);
    });
  });
});
