import mongoose, { type Connection, type Model } from 'mongoose';
import { pendingEventsFields } from '@turnbook/service-kit';

/**
 * A sign-in sheet: one person's place in the day's line (docs/product/records.md). Times are the spec's
 * 12-hour strings; arrivedMin orders the line.
 */
export interface SheetDoc {
  _id: number;
  storeId: number;
  customer_name: string;
  customer_phone: string;
  service_by_customer: string;
  staff_by_customer: string;
  date: string;
  arrived_time: string;
  arrivedMin: number;
  appointment_id: number | null;
  /** check-in time, null until checked in */
  checked: string | null;
  /** '10001, 10002'; '' while nobody serves */
  staffId: string;
  staff_fname: string;
  nickname: string | null;
  userFname: string | null;
  note: string;
  party: { id: string; size: number; index: number } | null;
  /** what the check-in counted in the turns; null until checked in */
  turnWeight: number | null;
  /** the turn log entries of this sheet's check-in (undone when Update changes the staff) */
  turnSeqs: number[];
  created_at: Date;
  updated_at: Date;
}

const schema = new mongoose.Schema<SheetDoc>(
  {
    _id: Number,
    storeId: { type: Number, required: true },
    customer_name: String,
    customer_phone: { type: String, default: '' },
    service_by_customer: { type: String, default: '' },
    staff_by_customer: { type: String, default: '' },
    date: { type: String, required: true },
    arrived_time: String,
    arrivedMin: Number,
    appointment_id: { type: Number, default: null },
    checked: { type: String, default: null },
    staffId: { type: String, default: '' },
    staff_fname: { type: String, default: '' },
    nickname: { type: String, default: null },
    userFname: { type: String, default: null },
    note: { type: String, default: '' },
    party: { type: mongoose.Schema.Types.Mixed, default: null },
    turnWeight: { type: Number, default: null },
    turnSeqs: { type: [Number], default: [] },
    created_at: Date,
    updated_at: Date,
    ...pendingEventsFields,
  },
  { versionKey: false },
);
schema.index({ storeId: 1, date: 1, arrivedMin: 1 });
schema.index({ storeId: 1, customer_phone: 1 });
schema.index({ storeId: 1, appointment_id: 1 });

export function sheetModel(db: Connection): Model<SheetDoc> {
  return (db.models.Sheet as Model<SheetDoc>) ?? db.model<SheetDoc>('Sheet', schema, 'sheets');
}
