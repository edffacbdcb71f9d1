import mongoose, { type Connection, type Model } from 'mongoose';
import { pendingEventsFields } from '@turnbook/service-kit';
import type { TurnEntryKind } from '@turnbook/contracts/schemas/frontdesk';
import type { TurnPolicy, TurnWeight } from '@turnbook/domain';

/** A store's day of turns: the record the spec's calls name (its id); the list itself is the log's. */
export interface TurnDayDoc {
  _id: number;
  storeId: number;
  date: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * One change of a day's turns, appended under a unique (storeId, date, seq): two writers that read the
 * same last seq cannot both write the next one, so the loser retries with the one after (no lost check-in).
 */
export interface TurnLogDoc {
  /** `${storeId}/${date}/${seq}` */
  _id: string;
  storeId: number;
  date: string;
  seq: number;
  turnId: number;
  kind: TurnEntryKind;
  /** the whole order: created, reorder */
  order?: string[];
  /** the staff member checked in, or whose check-in is undone */
  staff?: { id: number | null; name: string } | null;
  weight?: TurnWeight | null;
  /** the check-in an undo takes back */
  undoes?: number | null;
  sheetId?: number | null;
  reason: string | null;
  by: { id: number; name: string };
  at: Date;
}

const daySchema = new mongoose.Schema<TurnDayDoc>(
  { _id: Number, storeId: { type: Number, required: true }, date: { type: String, required: true }, created_at: Date, updated_at: Date, ...pendingEventsFields },
  { versionKey: false },
);
daySchema.index({ storeId: 1, date: 1 }, { unique: true });

const logSchema = new mongoose.Schema<TurnLogDoc>(
  {
    _id: String,
    storeId: { type: Number, required: true },
    date: { type: String, required: true },
    seq: { type: Number, required: true },
    turnId: Number,
    kind: String,
    order: { type: [String], default: undefined },
    staff: mongoose.Schema.Types.Mixed,
    weight: { type: Number, default: null },
    undoes: { type: Number, default: null },
    sheetId: { type: Number, default: null },
    reason: { type: String, default: null },
    by: mongoose.Schema.Types.Mixed,
    at: Date,
    ...pendingEventsFields,
  },
  { versionKey: false },
);
logSchema.index({ storeId: 1, date: 1, seq: 1 }, { unique: true });

/** A store's turn policy (absent: the defaults, the spec's rule). */
export interface TurnPolicyDoc extends TurnPolicy {
  /** the store id */
  _id: number;
  updated_at: Date;
}
const policySchema = new mongoose.Schema<TurnPolicyDoc>(
  {
    _id: Number,
    rotation: String,
    halfTurnBelowCents: { type: Number, default: null },
    countAppointments: Boolean,
    countRequested: Boolean,
    skipBusy: Boolean,
    skipUnskilled: Boolean,
    updated_at: Date,
  },
  { versionKey: false },
);

/** The services one staff member does (absent or empty: every service). */
export interface StaffSkillDoc {
  /** the staff id */
  _id: number;
  storeId: number;
  serviceIds: number[];
  updated_at: Date;
}
const skillSchema = new mongoose.Schema<StaffSkillDoc>(
  { _id: Number, storeId: { type: Number, required: true, index: true }, serviceIds: [Number], updated_at: Date },
  { versionKey: false },
);

const modelOf = <T>(db: Connection, name: string, schema: mongoose.Schema<T>, collection: string) =>
  (db.models[name] as Model<T> | undefined) ?? db.model<T>(name, schema, collection);

export const turnDayModel = (db: Connection) => modelOf(db, 'TurnDay', daySchema, 'turns');
export const turnLogModel = (db: Connection) => modelOf(db, 'TurnLog', logSchema, 'turn_log');
export const turnPolicyModel = (db: Connection) => modelOf(db, 'TurnPolicy', policySchema, 'turn_policies');
export const staffSkillModel = (db: Connection) => modelOf(db, 'StaffSkill', skillSchema, 'staff_skills');
