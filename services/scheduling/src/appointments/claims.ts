import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import { absoluteQuarter, coveredSteps, datesTouched, isReservedColumn, NON_BLOCKING_STATUSES, STEP_MS, storeDay, todayIn } from '@turnbook/domain';
import { isDuplicateKey } from '@turnbook/service-kit';
import type { StaffPeople } from '../staff/people';
import type { AppointmentDoc } from './model';

/**
 * Claims: one document per person, 15-minute step and live appointment (or day-off record) holding it,
 * under a unique (who, q) index: `who` is the person (a user account, whichever store's staff record
 * booked them: ../staff/people.ts) and `q` the absolute quarter, so a staff member who works at two stores
 * is claimed once across both (docs/product/availability.md). FerretDB's conditional updates are not
 * atomic, so the index is what keeps two online requests off one step: a request is accepted only when
 * every one of its claims inserts. Staff bookings may overbook: a step already held stays with its holder,
 * and when that holder lets go the step passes to another live appointment of the person still covering it.
 */
interface ClaimDoc {
  /** the person: `u:<userId>`, or `s:<staffId>` for staff without an account */
  who: string;
  /** absolute 15-minute step: the same instant is the same q at every store */
  q: number;
  /** the staff record, its store-day and step (what the claim was made for) */
  staffId: number;
  date: string;
  step: number;
  storeId: number;
  /** the holding appointment's holdKey */
  holder: string;
  at: Date;
}

// Indexes are built by `prepare`, after claims made before `who` existed have theirs.
const schema = new mongoose.Schema<ClaimDoc>(
  { who: String, q: Number, staffId: Number, date: String, step: Number, storeId: Number, holder: String, at: Date },
  { versionKey: false, autoIndex: false },
);
// Sparse: an instance of the previous version, still running during a rolling deploy, writes claims
// without `who` (its own per-staff index still guards them); they must not collide with one another here.
schema.index({ who: 1, q: 1 }, { unique: true, sparse: true });
schema.index({ holder: 1 });

/**
 * Claim shapes: 1, per staff record (no `who`, no `q`: what the release v0.1.0 writes); 2, per person.
 * `prepare` gives shape-1 claims their person and, once it has, leaves a marker in `migrations`. The marker
 * may let a start skip that scan (every claim read, at every start) only when no release that can run beside
 * this one writes shape 1: during a rolling deploy the old instances keep writing claims after a new one has
 * scanned, and the version-skew lane (deploy/local/README.md) rolls the last release in and back out; such a
 * claim gets its person only from the next start's scan. The last release, v0.1.0, writes shape 1, so this
 * release still scans at every start and only leaves the marker; the next release (whose oldest peer is this
 * one) sets OLDEST_PEER_SHAPE to 2 and skips the scan where the marker is.
 */
export const PER_PERSON_SHAPE = 2;
/** The claim shape written by the oldest release that may run beside this one (or be rolled back to). */
export const OLDEST_PEER_SHAPE = 1;
const MARKER_ID = 'claims-per-person';
interface MigrationDoc {
  _id: string;
  /** every claim had this shape when the scan that wrote it finished */
  shape: number;
  at: Date;
}

/** An online request writes its appointment within milliseconds of its claims; older claims without one are orphans. */
const ORPHAN_MS = 60_000;

/** The staff member whose time an appointment holds: its own column, or the claim of an 'anyone' request. */
export function holderStaff(a: Pick<AppointmentDoc, 'staffId' | 'claimStaffId'>): number | null {
  if (!isReservedColumn(a.staffId)) return a.staffId;
  return a.claimStaffId != null && !isReservedColumn(a.claimStaffId) ? a.claimStaffId : null;
}

export const isLive = (a: Pick<AppointmentDoc, 'status'>) => !NON_BLOCKING_STATUSES.includes(a.status ?? 'ON');

type Timed = Pick<AppointmentDoc, 'date' | 'startMin' | 'endMin' | 'status' | 'staffId' | 'claimStaffId'>;

/** The steps of its store-day an appointment holds (none when cancelled or on a calendar column). */
export function stepsOf(zone: string, a: Timed): number[] {
  if (!isLive(a) || holderStaff(a) === null) return [];
  const r = coveredSteps(storeDay(zone, a.date, null), { startMin: a.startMin, endMin: a.endMin });
  const out: number[] = [];
  for (let s = r.from; s < r.to; s++) out.push(s);
  return out;
}

/** The absolute quarters an appointment holds (what its claims' `q` are). */
export function quartersOf(zone: string, a: Timed): number[] {
  const day = storeDay(zone, a.date, null);
  return stepsOf(zone, a).map((s) => absoluteQuarter(day, s));
}

export const newHoldKey = () => randomUUID();

type Wanted = Pick<ClaimDoc, 'who' | 'q' | 'staffId' | 'date' | 'step' | 'storeId'>;
const keyOf = (c: Pick<ClaimDoc, 'who' | 'q'>) => `${c.who}|${c.q}`;

export class AppointmentClaims {
  readonly model: Model<ClaimDoc>;

  constructor(
    db: Connection,
    private readonly appointments: Model<AppointmentDoc>,
    private readonly zoneOf: (storeId: number) => Promise<string>,
    private readonly people: Pick<StaffPeople, 'keyOf' | 'recordsOf'>,
  ) {
    this.model = (db.models.AppointmentClaim as Model<ClaimDoc>) ?? db.model<ClaimDoc>('AppointmentClaim', schema, 'appointment_claims');
  }

  /**
   * Before the service takes requests: claims made before claims were per person get their `who` and `q`
   * (the past ones, which no request can reach, go), then the indexes are built. `oldestPeerShape`: see
   * OLDEST_PEER_SHAPE (a test passes the next release's).
   */
  async prepare(oldestPeerShape = OLDEST_PEER_SHAPE): Promise<void> {
    const migrations = this.model.db.collection<MigrationDoc>('migrations');
    const marker = await migrations.findOne({ _id: MARKER_ID });
    if (oldestPeerShape < PER_PERSON_SHAPE || (marker?.shape ?? 0) < PER_PERSON_SHAPE) {
      await this.givePersons();
      await migrations.updateOne({ _id: MARKER_ID }, { $set: { shape: PER_PERSON_SHAPE, at: new Date() } }, { upsert: true }).catch((err) => {
        // Another instance starting at once left the same marker.
        if (!isDuplicateKey(err)) throw err;
      });
    }
    await this.model.createIndexes();
  }

  /** Shape-1 claims get their person and quarter; the past ones go, and one whose step the person already holds. */
  private async givePersons(): Promise<void> {
    const cutoff = todayIn('UTC', new Date(Date.now() - 2 * 86_400_000));
    await this.model.deleteMany({ who: { $exists: false }, date: { $lt: cutoff } });
    const old = await this.model.find({ who: { $exists: false } }).lean<Array<ClaimDoc & { _id: unknown }>>();
    for (const c of old) {
      const day = storeDay(await this.zoneOf(c.storeId), c.date, null);
      try {
        await this.model.updateOne({ _id: c._id }, { $set: { who: await this.people.keyOf(c.staffId), q: absoluteQuarter(day, c.step) } });
      } catch (err) {
        // The person's step is already held (by their record at another store): one claim is enough.
        if (!isDuplicateKey(err)) throw err;
        await this.model.deleteOne({ _id: c._id });
      }
    }
  }

  /** What an appointment's claims are: one per step it holds, for the person behind its staff member. */
  private async wanted(a: Pick<AppointmentDoc, 'storeId'> & Timed): Promise<Wanted[]> {
    const staffId = holderStaff(a);
    if (staffId === null) return [];
    const zone = await this.zoneOf(a.storeId);
    const steps = stepsOf(zone, a);
    if (!steps.length) return [];
    const who = await this.people.keyOf(staffId);
    const day = storeDay(zone, a.date, null);
    return steps.map((step) => ({ who, q: absoluteQuarter(day, step), staffId, date: a.date, step, storeId: a.storeId }));
  }

  /**
   * Claims every step or none: answers false (and keeps nothing) when any step is already held, at this
   * store or another of the person's. For online requests, before their appointment is written.
   */
  async claimAll(a: Pick<AppointmentDoc, 'storeId'> & Timed, holder: string): Promise<boolean> {
    const want = await this.wanted(a);
    if (!want.length) return true;
    if (await this.insertAll(want, holder)) return true;
    // A holder that never wrote its appointment (its process died in between) must not keep the time forever.
    if (!(await this.dropOrphans(want))) return false;
    return this.insertAll(want, holder);
  }

  private async insertAll(want: Wanted[], holder: string): Promise<boolean> {
    const at = new Date();
    try {
      await this.model.insertMany(want.map((c) => ({ ...c, holder, at })), { ordered: true });
      return true;
    } catch (err) {
      await this.model.deleteMany({ holder });
      if (isDuplicateKey(err) || (err as { writeErrors?: unknown[] }).writeErrors) return false;
      throw err;
    }
  }

  /** Drops claims on these steps whose holder has no appointment and is older than ORPHAN_MS; true if any went. */
  private async dropOrphans(want: Wanted[]): Promise<boolean> {
    const cutoff = new Date(Date.now() - ORPHAN_MS);
    const qs = new Set(want.map((c) => c.q));
    const near = await this.model.find({ who: want[0].who, q: { $gte: Math.min(...qs), $lte: Math.max(...qs) } }).lean<ClaimDoc[]>();
    const old = near.filter((c) => qs.has(c.q) && c.at < cutoff);
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
   * appointment of the same person (at any of their stores) still covering them, or are freed.
   */
  async sync(a: AppointmentDoc, gone = false): Promise<void> {
    if (!a.holdKey) return;
    const want = gone ? [] : await this.wanted(a);
    const held = await this.model.find({ holder: a.holdKey }).lean<ClaimDoc[]>();
    const wanted = new Set(want.map(keyOf));
    const have = new Set(held.map(keyOf));
    const release = held.filter((c) => !wanted.has(keyOf(c)));
    const add = want.filter((c) => !have.has(keyOf(c)));
    if (add.length) await this.insertSome(add, a.holdKey);
    if (release.length) await this.release(a, release);
  }

  /** Inserts what it can; a step already held is left to its holder (staff may overbook). */
  private async insertSome(want: Wanted[], holder: string): Promise<void> {
    const at = new Date();
    try {
      await this.model.insertMany(want.map((c) => ({ ...c, holder, at })), { ordered: false });
    } catch (err) {
      if (!isDuplicateKey(err) && !(err as { writeErrors?: unknown[] }).writeErrors) throw err;
    }
  }

  private async release(a: AppointmentDoc, claims: ClaimDoc[]): Promise<void> {
    const freed: ClaimDoc[] = [];
    const others = await this.coveringOthers(a, claims);
    for (const c of claims) {
      const next = others.get(keyOf(c));
      if (next) await this.model.updateOne({ who: c.who, q: c.q, holder: a.holdKey }, { $set: { ...next, at: new Date() } });
      else {
        await this.model.deleteOne({ who: c.who, q: c.q, holder: a.holdKey });
        freed.push(c);
      }
    }
    if (!freed.length) return;
    // An appointment written while we freed a step may have found it still held and left it: claim it now.
    const late = await this.coveringOthers(a, freed);
    for (const c of freed) {
      const next = late.get(keyOf(c));
      if (next) await this.insertSome([{ who: c.who, q: c.q, staffId: next.staffId, date: next.date, step: next.step, storeId: next.storeId }], next.holder);
    }
  }

  /**
   * For each claim, another live appointment of the same person still covering its quarter (at any of their
   * stores), as the claim it would hold. A person at one store costs one read per day, as before.
   */
  private async coveringOthers(a: AppointmentDoc, claims: ClaimDoc[]): Promise<Map<string, Omit<ClaimDoc, 'who' | 'q' | 'at'>>> {
    const out = new Map<string, Omit<ClaimDoc, 'who' | 'q' | 'at'>>();
    const byWho = new Map<string, ClaimDoc[]>();
    for (const c of claims) byWho.set(c.who, [...(byWho.get(c.who) ?? []), c]);
    for (const list of byWho.values()) {
      const qs = new Set(list.map((c) => c.q));
      const fromMs = Math.min(...qs) * STEP_MS;
      const toMs = (Math.max(...qs) + 1) * STEP_MS;
      for (const rec of await this.people.recordsOf(list[0].staffId, list[0].storeId)) {
        const zone = await this.zoneOf(rec.storeId);
        for (const date of datesTouched(zone, fromMs, toMs)) {
          const sameDay = await this.appointments
            .find({ storeId: rec.storeId, date, _id: { $ne: a._id }, $or: [{ staffId: rec.staffId }, { claimStaffId: rec.staffId }] }, { _pendingEvents: 0 })
            .lean<AppointmentDoc[]>();
          const day = storeDay(zone, date, null);
          for (const o of sameDay) {
            if (!o.holdKey || holderStaff(o) !== rec.staffId) continue;
            for (const step of stepsOf(zone, o)) {
              const key = `${list[0].who}|${absoluteQuarter(day, step)}`;
              if (qs.has(absoluteQuarter(day, step)) && !out.has(key)) out.set(key, { staffId: rec.staffId, date, step, storeId: rec.storeId, holder: o.holdKey });
            }
          }
        }
      }
    }
    return out;
  }
}
