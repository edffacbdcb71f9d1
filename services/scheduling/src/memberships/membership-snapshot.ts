import type { EventData } from '@turnbook/contracts';
import type { StoreDoc } from '../stores/model';
import type { EmployeeDoc } from '../staff/model';

export type MembershipSnapshot = EventData<'store.membership_changed'>;
type SnapshotEmployee = Pick<EmployeeDoc, '_id' | 'userId' | 'role' | 'archived'>;
export type SnapshotStore = Pick<StoreDoc, '_id' | 'ownerId' | 'permalink' | 'status' | 'managers'>;

/**
 * A snapshot's version: taken BEFORE its data is read, in fractional milliseconds. A snapshot that read
 * older data then always has a smaller version than one that read after the change, so the versioned
 * apply keeps the newer data whatever order the two are applied in.
 */
export const snapshotVersion = (): number => performance.timeOrigin + performance.now();

/** The full membership of a store; staff without an account cannot sign in, so they are left out. */
export function snapshotOf(store: SnapshotStore, staff: SnapshotEmployee[], version: number = snapshotVersion()): MembershipSnapshot {
  return {
    storeId: store._id,
    version,
    ownerId: store.ownerId,
    permalink: store.permalink,
    status: store.status,
    members: staff
      .filter((e) => e.userId != null)
      .map((e) => ({ userId: e.userId as number, staffId: e._id, role: e.role, archived: !!e.archived })),
    // Franchise managers only when there are some (a snapshot without them grants none: the grant taken back).
    ...(store.managers?.length && { managers: store.managers.map((m) => m.userId) }),
  };
}
