import type { Connection, Model } from 'mongoose';
import { insertWithNumericId } from '@turnbook/service-kit';
import { logModel, type LogDoc } from './model';

export type NewLog = Omit<LogDoc, '_id' | 'created_at' | 'app_type' | 'userIds'>;

export class LogRepository {
  readonly model: Model<LogDoc>;
  constructor(db: Connection) {
    this.model = logModel(db);
  }
  add(entry: NewLog): Promise<LogDoc> {
    return insertWithNumericId<LogDoc>(this.model, { ...entry, app_type: 'appointments', userIds: '', created_at: new Date() }, 'logs', 1);
  }
  ofAppointment(appointmentId: number): Promise<LogDoc[]> {
    return this.model.find({ appointmentId }).sort({ created_at: 1, _id: 1 }).lean<LogDoc[]>();
  }
}
