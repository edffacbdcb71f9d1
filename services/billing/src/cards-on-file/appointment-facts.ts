import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventData, EventEnvelope } from '@turnbook/contracts';
import { upsertById } from '@turnbook/service-kit';

/** What the no-show fee needs of an appointment: its store, day, start, status and the card on file it holds ('' none). */
export interface AppointmentFactDoc {
  _id: number;
  storeId: number;
  date: string;
  start: string;
  status: string;
  cardOnFile: string;
  deleted: boolean;
  at: string;
  seq: number;
}

const schema = new mongoose.Schema<AppointmentFactDoc>(
  { _id: Number, storeId: Number, date: String, start: String, status: String, cardOnFile: String, deleted: Boolean, at: String, seq: Number },
  { versionKey: false, collection: 'appointment_cards' },
);

type AppointmentEnv = EventEnvelope<EventData<'appointment.created'> | EventData<'appointment.updated'> | EventData<'appointment.deleted'>>;

/** Appointments as the no-show fee reads them, from scheduling's appointment events (newest state wins). */
export class AppointmentCardsRepository {
  readonly model: Model<AppointmentFactDoc>;

  constructor(db: Connection) {
    this.model = (db.models.AppointmentCard as Model<AppointmentFactDoc> | undefined) ?? db.model<AppointmentFactDoc>('AppointmentCard', schema);
  }

  async apply(env: AppointmentEnv, deleted = false): Promise<void> {
    const a = env.data;
    const card = 'cardOnFile' in a ? a.cardOnFile : undefined;
    const seen = await this.model.findOne({ _id: a.id }, { at: 1, seq: 1, cardOnFile: 1 }).lean<Pick<AppointmentFactDoc, 'at' | 'seq' | 'cardOnFile'>>();
    if (seen?.at && (seen.at > env.occurredAt || (seen.at === env.occurredAt && (seen.seq ?? 0) > (env.seq ?? 0)))) return;
    await upsertById(this.model, a.id, {
      storeId: a.storeId, date: a.date, start: a.start, status: a.status, cardOnFile: card ?? seen?.cardOnFile ?? '', deleted, at: env.occurredAt, seq: env.seq ?? 0,
    });
  }

  byId(id: number): Promise<AppointmentFactDoc | null> {
    return this.model.findOne({ _id: id }).lean<AppointmentFactDoc>();
  }

  /** The appointment unless it was deleted (the router's 'appointment' record: a deleted one is not found). */
  async current(id: number): Promise<AppointmentFactDoc | null> {
    const a = await this.byId(id);
    return a && !a.deleted ? a : null;
  }
}
