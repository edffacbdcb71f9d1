import type { Connection, Model } from 'mongoose';
import { insertWithNumericId } from '@turnbook/service-kit';
import { logModel, type LogDoc } from './model';

export type NewLog = Omit<LogDoc, '_id' | 'created_at' | 'app_type' | 'readBy'>;

/** How many of a store's latest entries the activities modal gets. */
const STORE_LOG_LIMIT = 200;

export class LogRepository {
  readonly model: Model<LogDoc>;
  constructor(db: Connection) {
    this.model = logModel(db);
  }
  add(entry: NewLog): Promise<LogDoc> {
    return insertWithNumericId<LogDoc>(this.model, { ...entry, app_type: 'appointments', readBy: [], created_at: new Date() }, 'logs', 1);
  }
  byId(id: number): Promise<LogDoc | null> {
    return this.model.findById(id).lean<LogDoc>();
  }
  ofAppointment(appointmentId: number): Promise<LogDoc[]> {
    return this.model.find({ appointmentId }).sort({ created_at: 1, _id: 1 }).lean<LogDoc[]>();
  }
  /** The store's latest entries, newest first. */
  ofStore(storeId: number): Promise<LogDoc[]> {
    return this.model.find({ storeId }).sort({ created_at: -1, _id: -1 }).limit(STORE_LOG_LIMIT).lean<LogDoc[]>();
  }
  /** $addToSet: two readers at once both count (no read-modify-write). */
  async markRead(id: number, userId: number): Promise<LogDoc | null> {
    await this.model.updateOne({ _id: id }, { $addToSet: { readBy: userId } });
    return this.byId(id);
  }
}
