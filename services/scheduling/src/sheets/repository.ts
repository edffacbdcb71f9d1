import type { Connection, Model } from 'mongoose';
import type { EventEnvelope } from '@turnbook/contracts';
import { isDuplicateKey, type EventBus } from '@turnbook/service-kit';
import { sheetModel, type SheetDoc } from './model';

export type NewSheet = Omit<SheetDoc, '_id' | 'created_at' | 'updated_at'>;
export type SheetChanges = Partial<Omit<SheetDoc, '_id' | 'storeId' | 'created_at' | 'updated_at'>>;

const HIDDEN = { _pendingEvents: 0, _hasPending: 0 };

export class SheetRepository {
  readonly model: Model<SheetDoc>;

  constructor(db: Connection, private readonly bus: EventBus) {
    this.model = sheetModel(db);
    bus.track(this.model);
  }

  /**
   * Claims a sheet's check-in: an insert under the sheet's id, which only one of two front desks checking the
   * same customer in at once can make (FerretDB's conditional updates are not atomic, a unique _id is).
   */
  async claimCheckIn(id: number): Promise<boolean> {
    try {
      await this.model.db.collection('sheet_checkins').insertOne({ _id: id as never, at: new Date() });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** The check-in failed after its claim: the sheet can be checked in again. */
  async releaseCheckIn(id: number): Promise<void> {
    await this.model.db.collection('sheet_checkins').deleteOne({ _id: id as never });
  }

  /**
   * Claims an appointment's sign-in: an insert under the appointment's id, which only the first of two
   * sign-ins of one appointment (two taps at the kiosk, the kiosk and the front desk at once) can make.
   */
  async claimAppointment(appointmentId: number): Promise<boolean> {
    try {
      await this.model.db.collection('sheet_appointments').insertOne({ _id: appointmentId as never, at: new Date() });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** The sign-in failed after its claim: the appointment can be signed in again. */
  async releaseAppointment(appointmentId: number): Promise<void> {
    await this.model.db.collection('sheet_appointments').deleteOne({ _id: appointmentId as never });
  }

  /** The sheet of an appointment (the first, should older data hold several). */
  ofAppointment(storeId: number, appointmentId: number): Promise<SheetDoc | null> {
    return this.model.findOne({ storeId, appointment_id: appointmentId }, HIDDEN).sort({ _id: 1 }).lean<SheetDoc>();
  }

  byId(id: number): Promise<SheetDoc | null> {
    return this.model.findById(id, HIDDEN).lean<SheetDoc>();
  }

  /** Inserts with the next id, in one write with its events. */
  insert(sheet: NewSheet, events: (saved: SheetDoc) => EventEnvelope[]): Promise<SheetDoc> {
    const now = new Date();
    return this.bus.insertNumbered<SheetDoc>(this.model, { ...sheet, created_at: now, updated_at: now }, { counter: 'sheets', start: 1 }, events);
  }

  async update(id: number, changes: SheetChanges, events: (after: SheetDoc) => EventEnvelope[]): Promise<SheetDoc | null> {
    const before = await this.byId(id);
    if (!before) return null;
    const after: SheetDoc = { ...before, ...changes, updated_at: new Date() };
    await this.model.updateOne({ _id: id }, { $set: { ...changes, updated_at: after.updated_at, ...this.bus.withEvents(...events(after)) } });
    await this.bus.flush(this.model, id);
    // What was written, without a read back.
    return after;
  }

  /** The day's sheets in arrival order. */
  ofDay(storeId: number, date: string): Promise<SheetDoc[]> {
    return this.model.find({ storeId, date }, HIDDEN).sort({ arrivedMin: 1, _id: 1 }).lean<SheetDoc[]>();
  }

  /** A phone's sheets in the store, newest first. */
  ofPhone(storeId: number, phone: string): Promise<SheetDoc[]> {
    return this.model.find({ storeId, customer_phone: phone }, HIDDEN).sort({ date: -1, arrivedMin: -1, _id: -1 }).limit(100).lean<SheetDoc[]>();
  }
}
