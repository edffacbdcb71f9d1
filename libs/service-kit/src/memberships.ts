import mongoose, { type Connection, type Model } from 'mongoose';
import { SUPER_ADMIN, type StaffRole, type StoreAccess } from '@turnbook/domain';
import type { ConsumerName, EventData } from '@turnbook/contracts';
import type { Caller } from './auth';
import type { EventBus } from './events';
import { isDuplicateKey } from './errors';

type Snapshot = EventData<'store.membership_changed'>;

interface MembershipDoc {
  _id: number;
  version?: number;
  ownerId: number;
  permalink: string;
  status: string;
  members: Snapshot['members'];
}

const schema = new mongoose.Schema<MembershipDoc>(
  { _id: Number, version: Number, ownerId: Number, permalink: String, status: String, members: [mongoose.Schema.Types.Mixed] },
  { versionKey: false },
);

/**
 * Each service's local read model of who belongs to which store, fed by `store.membership_changed`
 * events (scheduling owns stores and staff). Guards ask it for a caller's access to a store.
 */
export class Memberships {
  readonly model: Model<MembershipDoc>;

  constructor(db: Connection) {
    this.model = db.model<MembershipDoc>('StoreMembership', schema, 'store_memberships');
  }

  /** Keeps the read model current from events (a durable consumer per service). */
  async follow(bus: EventBus, service: string): Promise<void> {
    await bus.consume(`${service}-memberships` as ConsumerName, async (env) => {
      await this.apply(env.data as Snapshot);
    });
  }

  /**
   * Replaces what we know of a store; the owning service calls this on its own writes too. A snapshot
   * older than the one we hold is ignored (events of one store can arrive after a newer direct apply).
   */
  async apply(s: Snapshot): Promise<void> {
    const version = s.version ?? 0;
    const filter = { _id: s.storeId, $or: [{ version: { $lte: version } }, { version: { $exists: false } }] };
    const doc = { version, ownerId: s.ownerId, permalink: s.permalink, status: s.status, members: s.members };
    try {
      await this.model.replaceOne(filter, doc, { upsert: true });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // The upsert's insert collided: another apply created the store meanwhile (FerretDB upserts are not
      // atomic), or a newer snapshot is stored. Replace only if ours is still the newer one.
      await this.model.replaceOne(filter, doc);
    }
  }

  /** The caller's relation to a store, or null when the store is unknown (never existed or removed). */
  async accessFor(caller: Caller, storeId: number): Promise<StoreAccess | null> {
    const store = await this.model.findById(storeId).lean();
    const isSuperAdmin = caller.role === SUPER_ADMIN;
    // A removed store (OFF) or one still being created (PENDING) grants nothing, except to the super admin.
    if (!store || (store.status !== 'ON' && !isSuperAdmin)) return null;
    const member = caller.userId != null ? store.members.find((m) => m.userId === caller.userId && !m.archived) : undefined;
    return {
      isSuperAdmin,
      isOwner: caller.userId != null && store.ownerId === caller.userId,
      staffRole: (member?.role as StaffRole | undefined) ?? null,
      isStoreLogin: caller.kind === 'store' && caller.storeId === storeId,
    };
  }

  async storeIdsOf(userId: number): Promise<number[]> {
    const docs = await this.model.find({ $or: [{ ownerId: userId }, { 'members.userId': userId }] }, { _id: 1 }).lean();
    return docs.map((d) => d._id);
  }
}
