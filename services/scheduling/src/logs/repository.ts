import type { Connection, Model } from 'mongoose';
import type { EventBus } from '@turnbook/service-kit';
import { logCreatedEvent } from './events';
import { logModel, type LogDoc } from './model';

export type NewLog = Omit<LogDoc, '_id' | 'created_at' | 'app_type' | 'readBy'>;

/** How many of a store's latest entries the activities modal gets. */
const STORE_LOG_LIMIT = 200;

export class LogRepository {
  readonly model: Model<LogDoc>;
  constructor(db: Connection, private readonly bus: EventBus) {
    this.model = logModel(db);
    bus.track(this.model);
  }
  /** Written with its 'log.created' event, so the activities modal of every open calendar refetches. */
  add(entry: NewLog): Promise<LogDoc> {
    return this.bus.insertNumbered<LogDoc>(
      this.model,
      { ...entry, app_type: 'appointments', readBy: [], created_at: new Date() },
      { counter: 'logs', start: 1 },
      (saved) => [logCreatedEvent(this.bus, saved)],
    );
  }
  byId(id: number): Promise<LogDoc | null> {
    return this.model.findById(id).lean<LogDoc>();
  }
  ofAppointment(appointmentId: number): Promise<LogDoc[]> {
    return this.model.find({ appointmentId }).sort({ created_at: 1, _id: 1 }).select({ _pendingEvents: 0, _hasPending: 0 }).lean<LogDoc[]>();
  }
  /** The store's latest entries, newest first. */
  ofStore(storeId: number): Promise<LogDoc[]> {
    return this.model.find({ storeId }).sort({ created_at: -1, _id: -1 }).limit(STORE_LOG_LIMIT).select({ _pendingEvents: 0, _hasPending: 0 }).lean<LogDoc[]>();
  }
  /** $addToSet: two readers at once both count (no read-modify-write). */
  async markRead(id: number, userId: number): Promise<LogDoc | null> {
    await this.model.updateOne({ _id: id }, { $addToSet: { readBy: userId } });
    return this.byId(id);
  }
}
