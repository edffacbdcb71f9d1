import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import { coveredSteps, NON_BLOCKING_STATUSES, RESERVED_STAFF_IDS, storeDay } from '@turnbook/domain';
import { isDuplicateKey } from '@turnbook/service-kit';
import type { AppointmentDoc } from './model';

/**
 * Claims: one document per real staff member, date and 15-minute step of the store-day that a live
 * appointment (or day-off record) holds, under a unique (staffId, date, step) index. FerretDB's conditional
 * updates are not atomic, so the index is what keeps two online requests off one step: a request is accepted
 * only when every one of its claims inserts. Staff bookings may overbook: a step already held stays with
 * its holder, and when that holder lets go the step passes to another live appointment still covering it.
 */
interface ClaimDoc {
  staffId: number;
  date: string;
  step: number;
  storeId: number;
  /** the holding appointment's holdKey */
  holder: string;
  at: Date;
}

const schema = new mongoose.Schema<ClaimDoc>(
  { staffId: Number, date: String, step: Number, storeId: Number, holder: String, at: Date },
  { versionKey: false },
);
schema.index({ staffId: 1, date: 1, step: 1 }, { unique: true });
schema.index({ holder: 1 });

const RESERVED = new Set(RESERVED_STAFF_IDS);
/** An online request writes its appointment within milliseconds of its claims; older claims without one are orphans. */
const ORPHAN_MS = 60_000;

/** The staff member whose time an appointment holds: its own column, or the claim of an 'anyone' request. */
export function holderStaff(a: Pick<AppointmentDoc, 'staffId' | 'claimStaffId'>): number | null {
  if (!RESERVED.has(a.staffId)) return a.staffId;
  return a.claimStaffId != null && !RESERVED.has(a.claimStaffId) ? a.claimStaffId : null;
}

export const isLive = (a: Pick<AppointmentDoc, 'status'>) => !NON_BLOCKING_STATUSES.includes(a.status ?? 'ON');

/** The steps of its store-day an appointment holds (none when cancelled or on a calendar column). */
export function stepsOf(zone: string, a: Pick<AppointmentDoc, 'date' | 'startMin' | 'endMin' | 'status' | 'staffId' | 'claimStaffId'>): number[] {
  if (!isLive(a) || holderStaff(a) === null) return [];
  const r = coveredSteps(storeDay(zone, a.date, null), { startMin: a.startMin, endMin: a.endMin });
  const out: number[] = [];
  for (let s = r.from; s < r.to; s++) out.push(s);
  return out;
}

export const newHoldKey = () => randomUUID();

export class AppointmentClaims {
  readonly model: Model<ClaimDoc>;

  constructor(
    db: Connection,
    private readonly appointments: Model<AppointmentDoc>,
    private readonly zoneOf: (storeId: number) => Promise<string>,
  ) {
    this.model = (db.models.AppointmentClaim as Model<ClaimDoc>) ?? db.model<ClaimDoc>('AppointmentClaim', schema, 'appointment_claims');
  }

  /**
   * Claims every step or none: answers false (and keeps nothing) when any step is already held.
   * For online requests, before their appointment is written.
   */
  async claimAll(a: Pick<AppointmentDoc, 'storeId' | 'date' | 'startMin' | 'endMin' | 'status' | 'staffId' | 'claimStaffId'>, holder: string): Promise<boolean> {
    const staffId = holderStaff(a);
    const steps = stepsOf(await this.zoneOf(a.storeId), a);
    if (staffId === null || steps.length === 0) return true;
    if (await this.insertAll(a.storeId, staffId, a.date, steps, holder)) return true;
    // A holder that never wrote its appointment (its process died in between) must not keep the time forever.
    if (!(await this.dropOrphans(staffId, a.date, steps))) return false;
    return this.insertAll(a.storeId, staffId, a.date, steps, holder);
  }

  private async insertAll(storeId: number, staffId: number, date: string, steps: number[], holder: string): Promise<boolean> {
    const at = new Date();
    try {
      await this.model.insertMany(steps.map((step) => ({ staffId, date, step, storeId, holder, at })), { ordered: true });
      return true;
    } catch (err) {
      await this.model.deleteMany({ holder });
      if (isDuplicateKey(err) || (err as { writeErrors?: unknown[] }).writeErrors) return false;
      throw err;
    }
  }

  /** Drops claims on these steps whose holder has no appointment and is older than ORPHAN_MS; true if any went. */
  private async dropOrphans(staffId: number, date: string, steps: number[]): Promise<boolean> {
    const cutoff = new Date(Date.now() - ORPHAN_MS);
    const old = await this.model.find({ staffId, date, step: { $in: steps }, at: { $lt: cutoff } }).lean<ClaimDoc[]>();
    let dropped = false;
    for (const holder of new Set(old.map((c) => c.holder))) {
      if (await this.appointments.exists({ holdKey: holder })) continue;
      await this.model.deleteMany({ holder, at: { $lt: cutoff } });
      dropped = true;
    }
    return dropped;
  }

  /** Drops every claim of a holder (an online request whose appointment could not be written). */
  async drop(holder: string): Promise<void> {
    await this.model.deleteMany({ holder });
  }

  /**
   * Brings an appointment's claims in line with what it now is (after a staff write: booked, moved,
   * cancelled, deleted). Steps held by someone else stay theirs; steps it lets go pass to another live
   * appointment of the same staff member still covering them, or are freed.
   */
  async sync(a: AppointmentDoc, gone = false): Promise<void> {
    if (!a.holdKey) return;
    const zone = await this.zoneOf(a.storeId);
    const staffId = holderStaff(a);
    const want = gone || staffId === null ? [] : stepsOf(zone, a);
    const held = await this.model.find({ holder: a.holdKey }).lean<ClaimDoc[]>();
    const wanted = new Set(want.map((s) => `${staffId}|${a.date}|${s}`));
    const release = held.filter((c) => !wanted.has(`${c.staffId}|${c.date}|${c.step}`));
    const have = new Set(held.map((c) => `${c.staffId}|${c.date}|${c.step}`));
    const add = want.filter((s) => !have.has(`${staffId}|${a.date}|${s}`));
    if (add.length) await this.insertSome(a.storeId, staffId!, a.date, add, a.holdKey);
    if (release.length) await this.release(zone, a, release);
  }

  /** Inserts what it can; a step already held is left to its holder (staff may overbook). */
  private async insertSome(storeId: number, staffId: number, date: string, steps: number[], holder: string): Promise<void> {
    const at = new Date();
    try {
      await this.model.insertMany(steps.map((step) => ({ staffId, date, step, storeId, holder, at })), { ordered: false });
    } catch (err) {
      if (!isDuplicateKey(err) && !(err as { writeErrors?: unknown[] }).writeErrors) throw err;
    }
  }

  private async release(zone: string, a: AppointmentDoc, claims: ClaimDoc[]): Promise<void> {
    const freed: ClaimDoc[] = [];
    const others = await this.coveringOthers(zone, a, claims);
    for (const c of claims) {
      const next = others.get(`${c.staffId}|${c.date}|${c.step}`);
      if (next) await this.model.updateOne({ staffId: c.staffId, date: c.date, step: c.step, holder: a.holdKey }, { $set: { holder: next, at: new Date() } });
      else {
        await this.model.deleteOne({ staffId: c.staffId, date: c.date, step: c.step, holder: a.holdKey });
        freed.push(c);
      }
    }
    if (!freed.length) return;
    // An appointment written while we freed a step may have found it still held and left it: claim it now.
    const late = await this.coveringOthers(zone, a, freed);
    for (const c of freed) {
      const next = late.get(`${c.staffId}|${c.date}|${c.step}`);
      if (next) await this.insertSome(c.storeId, c.staffId, c.date, [c.step], next);
    }
  }

  /** For each claimed step, the holdKey of another live appointment of that staff member still covering it. */
  private async coveringOthers(zone: string, a: AppointmentDoc, claims: ClaimDoc[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const groups = new Map<string, ClaimDoc[]>();
    for (const c of claims) groups.set(`${c.staffId}|${c.date}`, [...(groups.get(`${c.staffId}|${c.date}`) ?? []), c]);
    for (const list of groups.values()) {
      const { staffId, date } = list[0];
      const sameDay = await this.appointments
        .find({ storeId: a.storeId, date, _id: { $ne: a._id }, $or: [{ staffId }, { claimStaffId: staffId }] }, { _pendingEvents: 0 })
        .lean<AppointmentDoc[]>();
      for (const o of sameDay) {
        if (!o.holdKey || holderStaff(o) !== staffId) continue;
        const covered = new Set(stepsOf(zone, o));
        for (const c of list) if (covered.has(c.step) && !out.has(`${staffId}|${date}|${c.step}`)) out.set(`${staffId}|${date}|${c.step}`, o.holdKey);
      }
    }
    return out;
  }
}
