import type { EventBus, Job, Logger, Memberships } from '@turnbook/service-kit';
import type { StoreRepository } from '../stores/repository';
import type { StaffRepository } from '../staff/repository';
import { membershipChangedEvent } from './events';
import type { MembershipMarks } from './membership-marks';
import { snapshotOf, snapshotVersion, type MembershipSnapshot, type SnapshotStore } from './membership-snapshot';

export interface MembershipDeps {
  stores: StoreRepository;
  staff: StaffRepository;
  marks: MembershipMarks;
  bus: EventBus;
  memberships: Memberships;
  log: Logger;
}

/**
 * Publishes `store.membership_changed` (every other service's guards depend on it) and applies the same
 * snapshot to our own read model once, directly (scheduling does not consume its own event), so the next
 * request is authorized without waiting.
 *
 * Snapshots are always read from the database after the change, so two changes racing still end with a
 * snapshot that has both. Staff writes mark the store first (membership-marks.ts); a sweeper republishes
 * any store still marked (a crash between the write and the publish).
 */
export class MembershipPublisher {
  private sweep?: Job;

  constructor(private readonly deps: MembershipDeps) {}

  /** The event for a store whose own document is being written (store create/update/remove). */
  async eventForStore(store: SnapshotStore) {
    const version = snapshotVersion();
    const snapshot = snapshotOf(store, await this.deps.staff.forSnapshot(store._id), version);
    return { snapshot, event: membershipChangedEvent(this.deps.bus, snapshot) };
  }

  /**
   * After a store write has landed (update, remove). Its snapshot's version was taken before the write; a
   * staff change published in between read the store as it was, under a later version, and would hide the
   * write's snapshot in every service. A snapshot read now, under a newer version, has both.
   */
  settleStoreWrite(storeId: number): Promise<MembershipSnapshot | null> {
    return this.publish(storeId);
  }

  /** Applies a snapshot whose event was stored with a store write. */
  apply(snapshot: MembershipSnapshot): Promise<void> {
    return this.deps.memberships.apply(snapshot);
  }

  /** After a staff change: read, record on the store document, apply locally, publish. */
  async publish(storeId: number): Promise<MembershipSnapshot | null> {
    const version = snapshotVersion();
    // The marks before the data: a mark made after this read is left for its own snapshot.
    const marks = await this.deps.marks.of(storeId);
    const store = await this.deps.stores.byId(storeId);
    const staff = await this.deps.staff.forSnapshot(storeId);
    const seen = new Set(staff.map((e) => e._membershipStale).filter((t): t is string => !!t));
    if (!store) {
      await this.deps.marks.clearSeen(marks, seen);
      return null;
    }
    const snapshot = snapshotOf(store, staff, version);
    if (store.status !== 'PENDING') {
      await this.deps.stores.recordEvents(storeId, [membershipChangedEvent(this.deps.bus, snapshot)]);
      await this.deps.memberships.apply(snapshot);
    }
    await this.deps.marks.clearSeen(marks, seen);
    return snapshot;
  }

  /**
   * Republishes stores left stale, from start and then every `everyMs`: a job, once per cluster rather than once
   * per instance (docs/decisions.md "one job runner"); a republish is safe to repeat.
   */
  async start(everyMs = 5000): Promise<void> {
    this.sweep = await this.deps.bus.every('membership-republish', everyMs, async () => {
      for (const storeId of await this.deps.marks.markedStores()) await this.publish(storeId);
    });
  }

  stop(): void {
    this.sweep?.stop();
  }
}
