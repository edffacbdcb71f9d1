import type { EventData } from '@turnbook/contracts';
import type { EventBus, Logger, Memberships } from '@turnbook/service-kit';
import type { StoreDoc } from '../stores/model';
import type { StoreRepository } from '../stores/repository';
import type { EmployeeDoc } from '../staff/model';
import type { StaffRepository } from '../staff/repository';

export type MembershipSnapshot = EventData<'store.membership_changed'>;
type SnapshotEmployee = Pick<EmployeeDoc, '_id' | 'userId' | 'role' | 'archived'>;

/** The full membership of a store; staff without an account cannot sign in, so they are left out. */
export function snapshotOf(store: Pick<StoreDoc, '_id' | 'ownerId' | 'permalink' | 'status'>, staff: SnapshotEmployee[]): MembershipSnapshot {
  return {
    storeId: store._id,
    version: Date.now(),
    ownerId: store.ownerId,
    permalink: store.permalink,
    status: store.status,
    members: staff
      .filter((e) => e.userId != null)
      .map((e) => ({ userId: e.userId as number, staffId: e._id, role: e.role, archived: !!e.archived })),
  };
}

/**
 * Publishes `store.membership_changed` (every service's guards depend on it) and applies the same
 * snapshot to our own read model at once, so the next request is authorized without waiting.
 *
 * Snapshots are always read from the database after the change, so two changes racing still end with a
 * snapshot that has both. Staff writes mark the store stale in the same write; a sweeper republishes for
 * any store still stale (a crash between the write and the publish).
 */
export class MembershipPublisher {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly deps: {
      stores: StoreRepository;
      staff: StaffRepository;
      bus: EventBus;
      memberships: Memberships;
      log: Logger;
    },
  ) {}

  /** The event for a store whose own document is being written (store create/update/remove). */
  async eventForStore(store: Pick<StoreDoc, '_id' | 'ownerId' | 'permalink' | 'status'>) {
    const snapshot = snapshotOf(store, await this.deps.staff.forSnapshot(store._id));
    return { snapshot, event: this.deps.bus.event('store.membership_changed', store._id, snapshot) };
  }

  /** After a staff change: read, record on the store document, apply locally, publish. */
  async publish(storeId: number): Promise<MembershipSnapshot | null> {
    const store = await this.deps.stores.byId(storeId);
    const staff = await this.deps.staff.forSnapshot(storeId);
    const tokens = staff.map((e) => e._membershipStale).filter((t): t is string => !!t);
    if (!store) {
      await this.deps.staff.clearStale(storeId, tokens);
      return null;
    }
    const snapshot = snapshotOf(store, staff);
    if (store.status !== 'PENDING') {
      await this.deps.stores.recordEvents(storeId, [this.deps.bus.event('store.membership_changed', storeId, snapshot)]);
      await this.deps.memberships.apply(snapshot);
    }
    await this.deps.staff.clearStale(storeId, tokens);
    return snapshot;
  }

  /** Republishes stores left stale; runs at start and then every `everyMs`. */
  start(everyMs = 5000): void {
    const run = async () => {
      try {
        for (const storeId of await this.deps.staff.storesWithStaleMembership()) await this.publish(storeId);
      } catch (err) {
        this.deps.log.warn({ err: String(err) }, 'membership sweep failed; will retry');
      }
    };
    void run();
    this.timer = setInterval(() => void run(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
