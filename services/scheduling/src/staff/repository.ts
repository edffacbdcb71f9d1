import type { MembershipMarks } from '../memberships/membership-marks';
import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import type { EventEnvelope } from '@turnbook/contracts';
import { findEachById, isDuplicateKey, coalescedRead, type EventBus } from '@turnbook/service-kit';
import { FIRST_STAFF_ID } from '@turnbook/domain';
import type { ConfigStamps } from '../store-config/config-read-model';
import { employeeModel, type EmployeeDoc } from './model';

export type NewEmployee = Omit<EmployeeDoc, '_id' | 'created_at' | 'updated_at' | 'memberKey' | '_membershipStale'>;
export type EmployeeChanges = Partial<Omit<EmployeeDoc, '_id' | 'storeId' | 'userId' | 'memberKey' | 'created_at' | 'updated_at'>>;

/** Thrown when the user is already an employee of the store (the unique index said so). */
export class AlreadyEmployee extends Error {}

export class StaffRepository {
  readonly model: Model<EmployeeDoc>;

  constructor(db: Connection, private readonly bus: EventBus, private readonly config: Pick<ConfigStamps, 'touch'>, private readonly marks: Pick<MembershipMarks, 'mark'>) {
    this.model = employeeModel(db);
    bus.track(this.model);
  }

  // Concurrent callers share one read that started after they called (a burst of online requests).
  readonly byId = coalescedRead((id: number) => this.model.findById(id).lean<EmployeeDoc>());
  private readonly staffOf = coalescedRead((key: string) => {
    const [storeId, archived] = key.split(':');
    const filter: Record<string, unknown> = { storeId: Number(storeId) };
    if (archived !== 'any') filter.archived = archived === 'true';
    return this.model.find(filter).sort({ sortIndex: 1, _id: 1 }).lean<EmployeeDoc[]>();
  });

  ofStore(storeId: number, archived: boolean | 'any' = false): Promise<EmployeeDoc[]> {
    return this.staffOf(`${storeId}:${archived}`);
  }

  ofUser(userId: number): Promise<EmployeeDoc[]> {
    return this.model.find({ userId }).lean<EmployeeDoc[]>();
  }

  ofUserInStore(userId: number, storeId: number): Promise<EmployeeDoc[]> {
    return this.model.find({ userId, storeId }).sort({ _id: 1 }).lean<EmployeeDoc[]>();
  }

  byIds(ids: number[]): Promise<EmployeeDoc[]> {
    return findEachById<EmployeeDoc>(this.model, ids);
  }

  async nextSortIndex(storeId: number): Promise<number> {
    const last = await this.model.findOne({ storeId }, { sortIndex: 1 }).sort({ sortIndex: -1 }).lean();
    return last ? last.sortIndex + 1 : 0;
  }

  /**
   * Inserts with the next staff id (from 10000), in one write with the events built from the saved
   * employee, and marks the store's membership stale. AlreadyEmployee when this user is already staff of
   * the store.
   */
  async insert(e: NewEmployee, events: (saved: EmployeeDoc) => EventEnvelope[]): Promise<EmployeeDoc> {
    const memberKey = e.userId != null ? `u:${e.userId}` : `n:${randomUUID()}`;
    const token = await this.marks.mark(e.storeId);
    const now = new Date();
    try {
      return await this.bus.insertNumbered<EmployeeDoc>(
        this.model,
        { ...e, memberKey, _membershipStale: token, created_at: now, updated_at: now },
        { counter: 'staff', start: FIRST_STAFF_ID },
        events,
        (saved) => this.touchStoresOf(saved),
      );
    } catch (err) {
      if (isDuplicateKey(err)) throw new AlreadyEmployee();
      throw err;
    }
  }

  /**
   * A new staff record changes its store's configuration and, for a user already staff elsewhere, theirs:
   * their availability reads this person's time here from now on (store-config/).
   */
  private async touchStoresOf(saved: EmployeeDoc): Promise<void> {
    const others = saved.userId != null ? (await this.ofUser(saved.userId)).filter((e) => e.storeId !== saved.storeId) : [];
    await Promise.all([saved.storeId, ...new Set(others.map((e) => e.storeId))].map((storeId) => this.config.touch(storeId)));
  }

  /**
   * Applies changes with events in the same write, then publishes them. `membershipOf` (the record's store)
   * marks that store's membership first (role, archive, restore) so a snapshot is sure to follow, even after
   * a crash.
   */
  async update(id: number, changes: EmployeeChanges, events: EventEnvelope[], opts: { membershipOf?: number } = {}): Promise<EmployeeDoc | null> {
    const set: Record<string, unknown> = { ...changes, updated_at: new Date(), ...(events.length ? this.bus.withEvents(...events) : {}) };
    if (opts.membershipOf !== undefined) set._membershipStale = await this.marks.mark(opts.membershipOf);
    await this.model.updateOne({ _id: id }, { $set: set });
    const saved = await this.byId(id);
    if (saved) await this.config.touch(saved.storeId);
    if (events.length) await this.bus.flush(this.model, id);
    return saved;
  }

  /**
   * A user's details on their staff record, only if `version` is newer than what the record shows (an
   * older `user.updated`, e.g. replayed, never overwrites newer data). False when it was older.
   */
  async applyUserDetails(id: number, version: string, changes: EmployeeChanges, events: EventEnvelope[]): Promise<boolean> {
    const res = await this.model.updateOne(
      { _id: id, $or: [{ userVersion: { $lt: version } }, { userVersion: { $exists: false } }, { userVersion: null }] },
      { $set: { ...changes, userVersion: version, updated_at: new Date(), ...this.bus.withEvents(...events) } },
    );
    if (!res.matchedCount) return false;
    const saved = await this.byId(id);
    if (saved) await this.config.touch(saved.storeId);
    await this.bus.flush(this.model, id);
    return true;
  }

  /** Employees of a store with the token of their last membership write, read for a membership snapshot. */
  forSnapshot(storeId: number): Promise<Array<Pick<EmployeeDoc, '_id' | 'userId' | 'role' | 'archived' | '_membershipStale'>>> {
    return this.model.find({ storeId }, { _id: 1, userId: 1, role: 1, archived: 1, _membershipStale: 1 }).sort({ _id: 1 }).lean();
  }

}
