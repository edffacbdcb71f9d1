import mongoose, { type Connection, type Model } from 'mongoose';
import { pendingEventsFields } from '@turnbook/service-kit';

/** One entry of a store's activity log (docs/product/records.md): what was done to an appointment, by whom. */
export interface LogDoc {
  _id: number;
  storeId: number;
  appointmentId: number;
  app_type: 'appointments';
  text: string;
  /** the appointment as the entry recorded it (JSON text) */
  appointment_log: string;
  /** users who have read it (answered as the spec's comma-separated userIds) */
  readBy: number[];
  /** a user id; 0 for the front desk, the kiosk or a customer online */
  createdBy: number;
  created_at: Date;
}

const schema = new mongoose.Schema<LogDoc>(
  {
    _id: Number,
    storeId: { type: Number, required: true },
    appointmentId: Number,
    app_type: { type: String, default: 'appointments' },
    text: String,
    appointment_log: { type: String, default: '' },
    readBy: { type: [Number], default: [] },
    createdBy: { type: Number, default: 0 },
    created_at: Date,
    ...pendingEventsFields,
  },
  { versionKey: false },
);
schema.index({ storeId: 1, created_at: -1 });
schema.index({ appointmentId: 1 });

export function logModel(db: Connection): Model<LogDoc> {
  return (db.models.StoreLog as Model<LogDoc>) ?? db.model<LogDoc>('StoreLog', schema, 'logs');
}
