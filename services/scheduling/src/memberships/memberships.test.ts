import { jetstreamManager } from '@nats-io/jetstream';
import { INTERNAL_TOKEN_HEADER, STREAM_NAME } from '@turnbook/contracts';
import { eventually } from '@turnbook/test-kit';
import { snapshotOf, type MembershipSnapshot } from './membership-snapshot';
import { collect } from '../test/events';
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

  let w: World;
  beforeAll(async () => {
    w = await startWorld({ MEMBERSHIP_SWEEP_MS: '200' });
    // A whole service and its infrastructure: on two busy cores this took over a minute.
  }, 180_000);
  afterAll(async () => w?.stop());

  describe('a staff change landing while a store is written', () => {
    /** Runs `write` with a staff member added to `storeId` just before the store write whose $set matches. */
    async function withStaffChangeInTheWindow(storeId: number, matches: (set: Record<string, unknown>) => boolean, write: () => Promise<unknown>) {
      const Store = w.svc.db.models.Store;
      const updateOne = Store.updateOne;
      let raced = false;
      Store.updateOne = async function (this: unknown, filter: unknown, update: { $set?: Record<string, unknown> }, ...rest: unknown[]) {
        if (!raced && update?.$set && matches(update.$set)) {
          raced = true;
          // Its snapshot reads the store as it still is, under a later version than the store write's own.
          await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'In The Window', storeId }).expect(201);
        }
        return (updateOne as (...a: unknown[]) => unknown).call(this, filter, update, ...rest);
      } as never;
      try {
        await write();
      } finally {
        Store.updateOne = updateOne;
      }
      expect(raced).toBe(true);
    }
    const held = async (storeId: number) => (await w.svc.db.collection('store_memberships').findOne({ _id: storeId } as never)) as { status: string; permalink: string; version: number } | null;

    it('when a staff member is added between a store removal\'s snapshot and its write, then the store still ends OFF everywhere', async () => {
      const s = await w.createStore('owner', { name: 'Removed Mid Change' });
      const events = collect<MembershipSnapshot>(w.svc.bus.connection, `evt.store.${s.id}.membership_changed`);
      try {
        await withStaffChangeInTheWindow(s.id, (set) => set.status === 'OFF', () => w.as('owner').get(`/api/removeStore/${s.id}`).expect(200));
        const local = await held(s.id);
        expect(local?.status).toBe('OFF');
        // What other services apply: the snapshot with the highest version says OFF. That is the one scheduling
        // holds itself (published before it was applied); the window's own snapshot (ON, an older version)
        // may reach a subscriber before or after it, so wait for that one, not for the first OFF.
        await events.waitFor((d) => d.version === local!.version);
        const newest = events.seen.map((e) => e.data).reduce((a, b) => (b.version! > a.version! ? b : a));
        expect(newest).toMatchObject({ version: local!.version, status: 'OFF' });
      } finally {
        events.stop();
      }
    });

    it('when the removal\'s last snapshot reaches subscribers late (its first publish failed, as a JetStream ack slower than 2 s under load does), then the newest snapshot still says OFF', async () => {
      const s = await w.createStore('owner', { name: 'Removed Late Event' });
      const events = collect<MembershipSnapshot>(w.svc.bus.connection, `evt.store.${s.id}.membership_changed`);
      const js = (w.svc.bus as unknown as { js: { publish: (subject: string, data: string, opts?: unknown) => Promise<unknown> } }).js;
      const publish = js.publish;
      let offs = 0;
      js.publish = async function (this: unknown, subject: string, data: string, opts?: unknown) {
        // The second OFF snapshot is the one read after the store write: it goes out with the outbox's next sweep.
        if (subject === `evt.store.${s.id}.membership_changed` && JSON.parse(data).data.status === 'OFF' && ++offs === 2) throw new Error('timeout');
        return publish.call(this, subject, data, opts);
      };
      try {
        await withStaffChangeInTheWindow(s.id, (set) => set.status === 'OFF', () => w.as('owner').get(`/api/removeStore/${s.id}`).expect(200));
        const local = await held(s.id);
        expect(local?.status).toBe('OFF');
        // The first OFF to arrive is the removal's own, older than the window's ON: the newest is yet to come.
        const first = await events.waitFor((d) => d.status === 'OFF');
        expect(events.seen.some((e) => e.data.status === 'ON' && e.data.version! > first.version!)).toBe(true);
        await events.waitFor((d) => d.version === local!.version);
        const newest = events.seen.map((e) => e.data).reduce((a, b) => (b.version! > a.version! ? b : a));
        expect(newest).toMatchObject({ version: local!.version, status: 'OFF' });
      } finally {
        js.publish = publish;
        events.stop();
      }
    });

    it('when a staff member is added between a store edit\'s snapshot and its write, then the new permalink is what every service keeps', async () => {
      const s = await w.createStore('owner', { name: 'Renamed Mid Change' });
      const permalink = `renamed-mid-change-${s.id}`;
      await withStaffChangeInTheWindow(s.id, (set) => set.permalink === permalink, () => w.as('owner').patch(`/api/store/${s.id}`, { permalink }).expect(200));
      expect((await held(s.id))?.permalink).toBe(permalink);
    });
  });

  describe('after a crash between a staff write and its snapshot', () => {
    it('when a store is left marked after a staff write, then the sweeper publishes the snapshot and clears the mark', async () => {
      // What a process that died right after the write leaves behind.
      await w.svc.db.collection('membership_marks').insertOne({ _id: 'crashed', storeId: w.store.id, at: new Date() } as never);
      await w.svc.db.collection('employees').updateOne({ _id: w.staffIds.limited } as never, { $set: { role: 'admin', _membershipStale: 'crashed' } });
      await eventually(async () => {
        const local = await w.svc.memberships.model.findById(w.store.id).lean();
        expect(local!.members).toContainEqual({ userId: w.ids.limited, staffId: w.staffIds.limited, role: 'admin', archived: false });
      });
      await eventually(async () => {
        expect(await w.svc.db.collection('membership_marks').countDocuments({ storeId: w.store.id })).toBe(0);
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

  describe('staff writes beside snapshots', () => {
    it('when roles of several staff change at once, over and over, while snapshots are recorded, then every last role holds in the records and the snapshot', async () => {
      // Each change's snapshot clears the marks it saw; clearing them must never rewrite a staff record
      // (on FerretDB an update rewrites the whole document, undoing a role change landing beside it).
      const people = [w.staffIds.admin, w.staffIds.superadmin, w.staffIds.staff];
      const roles = ['admin', 'staff', 'limited'];
      let last: Record<number, string> = {};
      for (let round = 0; round < 6; round++) {
        last = Object.fromEntries(people.map((id, i) => [id, roles[(round + i) % roles.length]]));
        await Promise.all(people.map((id) => w.as('owner').post(`/api/updateEmployeeRole/${id}`, { role: last[id] }).expect(200)));
      }
      const records = await w.svc.db.collection('employees').find({ _id: { $in: people } } as never).toArray();
      expect(Object.fromEntries(records.map((r) => [r._id as unknown as number, r.role]))).toEqual(last);
      await eventually(async () => {
        const local = await w.svc.memberships.model.findById(w.store.id).lean();
        for (const id of people) expect(local!.members).toContainEqual(expect.objectContaining({ staffId: id, role: last[id] }));
      });
      // put the world's roles back for the tests after this one
      const original: Record<number, string> = { [w.staffIds.admin]: 'admin', [w.staffIds.superadmin]: 'superadmin', [w.staffIds.staff]: 'staff' };
      await Promise.all(people.map((id) => w.as('owner').post(`/api/updateEmployeeRole/${id}`, { role: original[id] }).expect(200)));
    });
  });

  describe("the route other services ask when a store's event has not reached them", () => {
    const ask = (storeId: number | string, token = w.svc.config.INTERNAL_TOKEN) =>
      w.svc.http().get(`/internal/stores/${storeId}/membership`).set(INTERNAL_TOKEN_HEADER, token);

    it('when a store has just been created, then it answers the snapshot its store.membership_changed event carried, version included', async () => {
      const events = collect<MembershipSnapshot>(w.svc.bus.connection, 'evt.store.*.membership_changed');
      try {
        const s = await w.createStore('owner', { name: 'Asked At Once' });
        const res = await ask(s.id).expect(200);
        const event = await events.waitFor((d) => d.storeId === s.id);
        expect(res.body).toEqual({ membership: event });
        expect(res.body.membership).toMatchObject({ storeId: s.id, ownerId: w.ids.owner, status: 'ON', members: [] });
      } finally {
        events.stop();
      }
    });

    it('when staff have joined, then it answers the members with their roles', async () => {
      // It answers the snapshot last published: the world's last role change may still be on its way out.
      await eventually(async () => {
        const res = await ask(w.store.id).expect(200);
        expect(res.body.membership.members).toContainEqual({ userId: w.ids.admin, staffId: w.staffIds.admin, role: 'admin', archived: false });
      });
    });

    it('when scheduling has no such store, then membership is null', async () => {
      expect((await ask(999_999_999).expect(200)).body).toEqual({ membership: null });
    });

    it('when the store id is not a number, then 400 naming it', async () => {
      expect((await ask('abc').expect(400)).body.field).toBe('storeId');
    });

    it('when the internal token is wrong, then 401 and no membership', async () => {
      const res = await ask(w.store.id, 'not-the-internal-token').expect(401);
      expect(res.body).not.toHaveProperty('membership');
    });
  });
});
