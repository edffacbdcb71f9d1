import type { StaffRecordRef } from './model';
import type { StaffRepository } from './repository';

/**
 * Who a staff record is, across stores (docs/product/availability.md, "Staff at several stores"): records
 * of one user account are one person, whose time is claimed once; a record without an account is a person
 * of its own. A record's user never changes, so its key is kept for the process's life.
 */
export class StaffPeople {
  private readonly users = new Map<number, number | null>();

  constructor(private readonly staff: Pick<StaffRepository, 'byId' | 'ofUser'>) {}

  private async userOf(staffId: number): Promise<number | null> {
    if (this.users.has(staffId)) return this.users.get(staffId)!;
    const e = await this.staff.byId(staffId);
    const userId = e?.userId ?? null;
    if (e) this.users.set(staffId, userId);
    return userId;
  }

  /** The claim key of the person behind a staff record: `u:<userId>`, or `s:<staffId>` without an account. */
  async keyOf(staffId: number): Promise<string> {
    const userId = await this.userOf(staffId);
    return userId === null ? `s:${staffId}` : `u:${userId}`;
  }

  /** Every staff record of that person, this one first (archived ones too: their appointments still hold time). */
  async recordsOf(staffId: number, storeId: number): Promise<StaffRecordRef[]> {
    const self = { staffId, storeId };
    const userId = await this.userOf(staffId);
    if (userId === null) return [self];
    const all = await this.staff.ofUser(userId);
    return [self, ...all.filter((e) => e._id !== staffId).map((e) => ({ staffId: e._id, storeId: e.storeId }))];
  }
}
