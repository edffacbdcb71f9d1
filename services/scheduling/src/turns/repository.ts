import type { Connection, Model } from 'mongoose';
import { DEFAULT_TURN_POLICY, type TurnLogEntry, type TurnPolicy } from '@turnbook/domain';
import type { EventEnvelope } from '@turnbook/contracts';
import { isDuplicateKey, pendingEvents, type EventBus } from '@turnbook/service-kit';
import { staffSkillModel, turnDayModel, turnLogModel, turnPolicyModel, type StaffSkillDoc, type TurnDayDoc, type TurnLogDoc, type TurnPolicyDoc } from './model';

export type NewTurnLogEntry = Omit<TurnLogDoc, '_id' | 'storeId' | 'date' | 'seq' | 'turnId' | 'at'>;

const HIDDEN = { _pendingEvents: 0, _hasPending: 0 };
/** How many times an append tries the next seq when another writer took it first. */
const APPEND_TRIES = 50;

/** The turns' records: the day, its append-only change log, the store's policy and the staff's skills. */
export class TurnRepository {
  readonly days: Model<TurnDayDoc>;
  readonly log: Model<TurnLogDoc>;
  readonly policies: Model<TurnPolicyDoc>;
  readonly skills: Model<StaffSkillDoc>;

  constructor(db: Connection, private readonly bus: EventBus) {
    this.days = turnDayModel(db);
    this.log = turnLogModel(db);
    this.policies = turnPolicyModel(db);
    this.skills = staffSkillModel(db);
    bus.track(this.days);
    bus.track(this.log);
  }

  async init(): Promise<void> {
    await Promise.all([this.days.init(), this.log.init(), this.policies.init(), this.skills.init()]);
  }

  dayById(id: number): Promise<TurnDayDoc | null> {
    return this.days.findById(id, HIDDEN).lean<TurnDayDoc>();
  }

  dayOf(storeId: number, date: string): Promise<TurnDayDoc | null> {
    return this.days.findOne({ storeId, date }, HIDDEN).lean<TurnDayDoc>();
  }

  /**
   * The day's record, made if missing (`made` true then). Two callers at once: the unique (storeId, date)
   * index lets one insert win; the other reads it.
   */
  async ensureDay(storeId: number, date: string): Promise<{ day: TurnDayDoc; made: boolean }> {
    const found = await this.dayOf(storeId, date);
    if (found) return { day: found, made: false };
    const now = new Date();
    try {
      const day = await this.bus.insertNumbered<TurnDayDoc>(this.days, { storeId, date, created_at: now, updated_at: now }, { counter: 'turns', start: 1 }, () => []);
      return { day, made: true };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const day = await this.dayOf(storeId, date);
      if (!day) throw err;
      return { day, made: false };
    }
  }

  entries(storeId: number, date: string): Promise<TurnLogDoc[]> {
    return this.log.find({ storeId, date }, HIDDEN).sort({ seq: 1 }).lean<TurnLogDoc[]>();
  }

  /**
   * Appends an entry with the next seq of the day, with the events it causes in the same write. A writer
   * that finds its seq taken (another change landed first) tries the next one, so every change lands.
   */
  async append(day: TurnDayDoc, entry: NewTurnLogEntry, events: (saved: TurnLogDoc) => EventEnvelope[]): Promise<TurnLogDoc> {
    let floor = 1;
    for (let i = 0; i < APPEND_TRIES; i++) {
      const last = await this.log.findOne({ storeId: day.storeId, date: day.date }, { seq: 1 }).sort({ seq: -1 }).lean<{ seq: number }>();
      const seq = Math.max((last?.seq ?? 0) + 1, floor);
      floor = seq + 1;
      const doc: TurnLogDoc = { ...entry, _id: `${day.storeId}/${day.date}/${seq}`, storeId: day.storeId, date: day.date, seq, turnId: day._id, at: new Date() };
      try {
        await this.log.create({ ...doc, ...pendingEvents(...events(doc)) });
      } catch (err) {
        if (isDuplicateKey(err)) continue;
        throw err;
      }
      await this.days.updateOne({ _id: day._id }, { $set: { updated_at: doc.at } });
      await this.bus.flush(this.log, doc._id);
      return doc;
    }
    throw new Error(`turns of store ${day.storeId} on ${day.date}: too many writers at once`);
  }

  async policyOf(storeId: number): Promise<TurnPolicy> {
    const doc = await this.policies.findById(storeId).lean<TurnPolicyDoc>();
    if (!doc) return { ...DEFAULT_TURN_POLICY };
    return {
      rotation: doc.rotation ?? DEFAULT_TURN_POLICY.rotation,
      halfTurnBelowCents: doc.halfTurnBelowCents ?? null,
      countAppointments: doc.countAppointments ?? DEFAULT_TURN_POLICY.countAppointments,
      countRequested: doc.countRequested ?? DEFAULT_TURN_POLICY.countRequested,
      skipBusy: doc.skipBusy ?? DEFAULT_TURN_POLICY.skipBusy,
      skipUnskilled: doc.skipUnskilled ?? DEFAULT_TURN_POLICY.skipUnskilled,
    };
  }

  async setPolicy(storeId: number, policy: TurnPolicy): Promise<TurnPolicy> {
    await this.policies.updateOne({ _id: storeId }, { $set: { ...policy, updated_at: new Date() } }, { upsert: true });
    return this.policyOf(storeId);
  }

  skillsOf(storeId: number): Promise<StaffSkillDoc[]> {
    return this.skills.find({ storeId }).sort({ _id: 1 }).lean<StaffSkillDoc[]>();
  }

  async setSkills(storeId: number, staffId: number, serviceIds: number[]): Promise<StaffSkillDoc> {
    await this.skills.updateOne({ _id: staffId }, { $set: { storeId, serviceIds, updated_at: new Date() } }, { upsert: true });
    return (await this.skills.findById(staffId).lean<StaffSkillDoc>())!;
  }
}

/** The domain's view of a log entry (what the turn list is folded from). */
export function toEntry(doc: TurnLogDoc): TurnLogEntry {
  switch (doc.kind) {
    case 'created':
    case 'reorder':
      return { seq: doc.seq, kind: doc.kind, order: doc.order ?? [] };
    case 'checkin':
      return { seq: doc.seq, kind: 'checkin', name: doc.staff?.name ?? '', weight: (doc.weight ?? 1) as 1 | 0.5 | 0 };
    case 'undo-checkin':
      return { seq: doc.seq, kind: 'undo-checkin', undoes: doc.undoes ?? 0 };
  }
}
