import type { Model } from 'mongoose';
import { coveredSteps, datesTouched, instantAt, storeDay } from '@turnbook/domain';
import type { StaffPeople } from '../staff/people';
import { holderStaff, isLive } from './claims';
import type { AppointmentDoc } from './model';

type Timed = Pick<AppointmentDoc, '_id' | 'storeId' | 'staffId' | 'claimStaffId' | 'date' | 'startMin' | 'endMin' | 'status'>;

/** The instants [from, to) an appointment holds on its store-day. */
export function instantsOf(zone: string, a: Pick<AppointmentDoc, 'date' | 'startMin' | 'endMin'>): { from: number; to: number } {
  const day = storeDay(zone, a.date, null);
  const r = coveredSteps(day, { startMin: a.startMin, endMin: a.endMin });
  return { from: instantAt(day, r.from), to: instantAt(day, r.to) };
}

/**
 * A staff member's appointments at the other stores they work at (the same user account's staff records):
 * what a staff booking's answer names besides its own store's overlaps (docs/product/availability.md).
 * Staff without an account, or with a record at one store only, cost no read of appointments.
 */
export class PersonElsewhere {
  constructor(
    private readonly appointments: Model<AppointmentDoc>,
    private readonly zoneOf: (storeId: number) => Promise<string>,
    private readonly people: Pick<StaffPeople, 'recordsOf'>,
  ) {}

  /** The live appointments of the same person at their other stores that `a` overlaps in time. */
  async overlapping(a: Timed): Promise<Array<AppointmentDoc & { zone: string }>> {
    const staffId = holderStaff(a);
    if (staffId === null || !isLive(a)) return [];
    const others = (await this.people.recordsOf(staffId, a.storeId)).filter((r) => r.storeId !== a.storeId);
    if (!others.length) return [];
    const want = instantsOf(await this.zoneOf(a.storeId), a);
    if (want.to <= want.from) return [];
    const out: Array<AppointmentDoc & { zone: string }> = [];
    for (const rec of others) {
      const zone = await this.zoneOf(rec.storeId);
      for (const date of datesTouched(zone, want.from, want.to)) {
        const sameDay = await this.appointments
          .find({ storeId: rec.storeId, date, $or: [{ staffId: rec.staffId }, { claimStaffId: rec.staffId }] }, { _pendingEvents: 0 })
          .lean<AppointmentDoc[]>();
        for (const o of sameDay) {
          if (!isLive(o) || holderStaff(o) !== rec.staffId) continue;
          const got = instantsOf(zone, o);
          if (got.from < want.to && want.from < got.to) out.push({ ...o, zone });
        }
      }
    }
    return out.sort((x, y) => instantsOf(x.zone, x).from - instantsOf(y.zone, y).from);
  }
}
