import mongoose, { type Connection, type Model } from 'mongoose';
import { SUPER_ADMIN, type StaffRole, type StoreAccess } from '@turnbook/domain';
import type { ConsumerName, EventData } from '@turnbook/contracts';
import type { Caller } from './auth';
import type { EventBus } from './events';
import { isDuplicateKey } from './errors';
import { internalApi } from './internal-client';
import type { Logger } from './logger';
import { ReadCoalescer } from './read-coalescer';

type Snapshot = EventData<'store.membership_changed'>;

export interface MembershipDoc {
  _id: number;
  version?: number;
  ownerId: number;
  permalink: string;
  status: string;
  members: Snapshot['members'];
  /** Franchise managers the owner granted (user ids); absent on snapshots from before them. */
  managers?: number[];
}

const schema = new mongoose.Schema<MembershipDoc>(
  { _id: Number, version: Number, ownerId: Number, permalink: String, status: String, members: [mongoose.Schema.Types.Mixed], managers: [Number] },
  { versionKey: false },
);

/** Every snapshot still worth knowing, one per store and version: `_id` is `<storeId>:<version>`. */
interface SnapshotDoc extends Omit<MembershipDoc, '_id'> {
  _id: string;
  storeId: number;
  version: number;
}

const snapshotSchema = new mongoose.Schema<SnapshotDoc>(
  { _id: String, storeId: Number, version: Number, ownerId: Number, permalink: String, status: String, members: [mongoose.Schema.Types.Mixed], managers: [Number] },
  { versionKey: false },
);
snapshotSchema.index({ storeId: 1, version: -1 });

/** What decides a caller's access to a store: its owner, status and members (a membership snapshot's fields). */
export type StoreMembers = Pick<Snapshot, 'ownerId' | 'status' | 'members' | 'managers'>;

/**
 * Where the router learns a caller's access to a store. Every service but scheduling uses `Memberships`;
 * scheduling, which owns stores and staff, answers from its own store copies. `since` (performance.now()
 * when the request arrived) lets a source reuse a read made after it.
 */
export interface StoreAccessSource {
  accessFor(caller: Caller, storeId: number, since?: number): Promise<StoreAccess | null>;
}

/** The caller's relation to a store from its members, or null when the store is unknown or grants nothing. */
export function accessFrom(store: StoreMembers | null | undefined, caller: Caller, storeId: number): StoreAccess | null {
  const isSuperAdmin = caller.role === SUPER_ADMIN;
  // A removed store (OFF) or one still being created (PENDING) grants nothing, except to the super admin.
  if (!store || (store.status !== 'ON' && !isSuperAdmin)) return null;
  const member = caller.userId != null ? store.members.find((m) => m.userId === caller.userId && !m.archived) : undefined;
  return {
    isSuperAdmin,
    isOwner: caller.userId != null && store.ownerId === caller.userId,
    staffRole: (member?.role as StaffRole | undefined) ?? null,
    isStoreLogin: caller.kind === 'store' && caller.storeId === storeId,
    isKiosk: caller.kind === 'kiosk' && caller.storeId === storeId,
    isManager: caller.kind === 'user' && caller.userId != null && (store.managers ?? []).includes(caller.userId),
  };
}

/** Enough rounds for any realistic burst of snapshots of one store; each round is a few reads. */
const MAX_CONVERGE_ROUNDS = 50;

/** A store's current membership from its owner (scheduling); null when it has no such store. Throws when it cannot tell. */
export type MembershipLookup = (storeId: number) => Promise<Snapshot | null>;

/** How long a store scheduling did not know (or could not tell) is answered unknown without asking again. */
export const MISSING_STORE_MS = 3000;
/** A lookup waits this long for scheduling before the store is answered unknown. */
const LOOKUP_TIMEOUT_MS = 2000;
/** Missing stores remembered at most (guessed ids must not grow memory without bound). */
const MAX_MISSING = 10_000;

/** Asks scheduling's internal route for a store's membership. */
export function schedulingMembershipLookup(schedulingUrl: string, token: string): MembershipLookup {
  const call = internalApi(schedulingUrl, token, { timeoutMs: LOOKUP_TIMEOUT_MS });
  return async (storeId) => (await call('GET internal/stores/{storeId}/membership', { params: { storeId } })).membership;
}

/**
 * Each service's local read model of who belongs to which store, fed by `store.membership_changed`
 * events (scheduling owns stores and staff). Guards ask it for a caller's access to a store.
 *
 * A store created a moment ago may not be here yet (its event is on its way): once `askOnMiss` is set, a
 * miss asks scheduling for the store's snapshot and applies it as the event would be applied.
 */
export class Memberships implements StoreAccessSource {
  readonly model: Model<MembershipDoc>;
  private readonly snapshots: Model<SnapshotDoc>;
  private onMiss?: { lookup: MembershipLookup; log: Logger; missingMs: number };
  /** One lookup in flight per store, shared by the misses that arrived before it started. */
  private readonly lookups = new ReadCoalescer<number, MembershipDoc | null>((storeId) => this.lookUp(storeId));
  /** Stores scheduling did not know (or could not tell), with when to ask again (ms); oldest first. */
  private readonly missing = new Map<number, number>();
  /** The last apply queued per store: this process applies one store's snapshots one after another. */
  private readonly applying = new Map<number, Promise<void>>();

  constructor(db: Connection) {
    this.model = db.model<MembershipDoc>('StoreMembership', schema, 'store_memberships');
    this.snapshots = db.model<SnapshotDoc>('StoreMembershipSnapshot', snapshotSchema, 'store_membership_snapshots');
  }

  /** On a miss, ask `lookup` (scheduling); a store it does not know stays unknown for `missingMs` before we ask again. */
  askOnMiss(lookup: MembershipLookup, log: Logger, missingMs = MISSING_STORE_MS): void {
    this.onMiss = { lookup, log, missingMs };
  }

  /** Keeps the read model current from events (a durable consumer per service). */
  async follow(bus: EventBus, service: string): Promise<void> {
    await bus.consume(`${service}-memberships` as ConsumerName, async (env) => {
      await this.apply(env.data as Snapshot);
    });
  }

  /**
   * Replaces what we know of a store; the owning service calls this on its own writes too. A snapshot
   * older than the one we hold is ignored (events of one store can arrive after a newer direct apply), and
   * of many applied at once the newest wins.
   *
   * FerretDB runs conditional writes as read-then-write, so a version check in the write itself lets an
   * older snapshot land after a newer one. What it does make atomic is an insert under a unique id: each
   * snapshot is first recorded under `<storeId>:<version>`, then the newest recorded one is written to
   * the read model, again until the newest no longer changes. Whoever records the newest version writes it
   * after recording it, and whoever wrote an older one afterwards sees the newer record and writes it over.
   * Until it does, the view holds the older one for a moment, so one process applies a store's snapshots in
   * turn: an apply that has returned is then never undone by one still running beside it in the same process
   * (a request's own write and the staff sweeper's republish, say). Across instances the moment remains.
   */
  apply(s: Snapshot): Promise<void> {
    const before = this.applying.get(s.storeId) ?? Promise.resolve();
    const mine = before.then(() => this.applyNow(s));
    const settled = mine.catch(() => undefined);
    this.applying.set(s.storeId, settled);
    void settled.then(() => {
      if (this.applying.get(s.storeId) === settled) this.applying.delete(s.storeId);
    });
    return mine;
  }

  private async applyNow(s: Snapshot): Promise<void> {
    const version = s.version ?? 0;
    const fields = { ownerId: s.ownerId, permalink: s.permalink, status: s.status, members: s.members, managers: s.managers ?? [] };
    const record = { _id: `${s.storeId}:${version}`, storeId: s.storeId, version, ...fields };
    try {
      await this.snapshots.create(record);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await this.snapshots.replaceOne({ _id: record._id }, record); // the same version again: the later one counts
    }
    let newest = await this.newestSnapshot(s.storeId);
    for (let round = 0; newest && round < MAX_CONVERGE_ROUNDS; round++) {
      await this.writeView(newest);
      const now = await this.newestSnapshot(s.storeId);
      if (!now || (now.version === newest.version && now._id === newest._id)) break;
      newest = now;
    }
    // Older records can never win again.
    if (newest) await this.snapshots.deleteMany({ storeId: s.storeId, version: { $lt: newest.version } });
  }

  private newestSnapshot(storeId: number) {
    return this.snapshots.findOne({ storeId }).sort({ version: -1 }).lean<SnapshotDoc>();
  }

  private async writeView(snap: SnapshotDoc): Promise<void> {
    const { storeId: _id, version, ownerId, permalink, status, members, managers } = snap;
    const filter = { _id, $or: [{ version: { $lte: version } }, { version: { $exists: false } }] };
    const doc = { version, ownerId, permalink, status, members, managers: managers ?? [] };
    try {
      await this.model.replaceOne(filter, doc, { upsert: true });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // The upsert's insert collided: another apply created the store meanwhile, or a newer one is stored.
      await this.model.replaceOne(filter, doc);
    }
  }

  /**
   * What we know of a store, or null when it is unknown. On a miss, scheduling's answer to a lookup that
   * started at or after `since` (performance.now() when the request arrived), so a store created before the
   * request is found.
   */
  async store(storeId: number, since: number = performance.now()): Promise<MembershipDoc | null> {
    const known = await this.model.findById(storeId).lean<MembershipDoc>();
    if (known || !this.onMiss) return known;
    const until = this.missing.get(storeId);
    if (until !== undefined) {
      if (until > Date.now()) return null;
      this.missing.delete(storeId);
    }
    return this.lookups.read(storeId, since);
  }

  /** The snapshot we hold of a store, as its event carried it; null when we hold none (scheduling answers lookups with it). */
  async snapshot(storeId: number): Promise<Snapshot | null> {
    const d = await this.model.findById(storeId).lean<MembershipDoc>();
    if (!d) return null;
    return { storeId: d._id, ...(d.version !== undefined && { version: d.version }), ownerId: d.ownerId, permalink: d.permalink, status: d.status, members: d.members, ...(d.managers?.length && { managers: d.managers }) };
  }

  /** Never throws: whatever goes wrong, the store is answered unknown as it was before lookups (and logged). */
  private async lookUp(storeId: number): Promise<MembershipDoc | null> {
    const { lookup, log, missingMs } = this.onMiss!;
    try {
      const snapshot = await lookup(storeId);
      if (snapshot?.storeId === storeId) {
        await this.apply(snapshot);
        // What the read model holds now: the snapshot, or a newer event applied meanwhile.
        const known = await this.model.findById(storeId).lean<MembershipDoc>();
        if (known) return known;
      }
    } catch (err) {
      log.warn({ err: String(err), storeId }, 'store not in the memberships read model and scheduling could not tell: answered unknown');
    }
    this.rememberMissing(storeId, missingMs);
    return null;
  }

  private rememberMissing(storeId: number, missingMs: number): void {
    const now = Date.now();
    // Insertion order is expiry order (one duration for all): drop the expired, and the oldest past the cap.
    for (const [id, until] of this.missing) {
      if (until > now && this.missing.size < MAX_MISSING) break;
      this.missing.delete(id);
    }
    this.missing.delete(storeId);
    this.missing.set(storeId, now + missingMs);
  }

  /** The caller's relation to a store, or null when the store is unknown (never existed or removed). */
  async accessFor(caller: Caller, storeId: number, since?: number): Promise<StoreAccess | null> {
    return accessFrom(await this.store(storeId, since), caller, storeId);
  }

  async storeIdsOf(userId: number): Promise<number[]> {
    const docs = await this.model.find({ $or: [{ ownerId: userId }, { 'members.userId': userId }, { managers: userId }] }, { _id: 1 }).lean();
    return docs.map((d) => d._id);
  }
}
