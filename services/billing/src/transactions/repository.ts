import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventEnvelope, EventData } from '@turnbook/contracts';
import { upsertById } from '@turnbook/service-kit';

/** A checked-out appointment: what the demo terminal shows as the card payment taken for it. */
export interface CheckoutDoc {
  _id: number;
  storeId: number;
  staffId: number;
  date: string;
  end: string;
  status: string;
  /** cents */
  sale: number;
  /** when the check-out was made (ISO, the event's time): the card payment's time, not the appointment's */
  paidAt?: string;
  at: string;
  seq: number;
}

const schema = new mongoose.Schema<CheckoutDoc>(
  { _id: Number, storeId: Number, staffId: Number, date: String, end: String, status: String, sale: Number, paidAt: String, at: String, seq: Number },
  { versionKey: false, collection: 'checkouts' },
);
schema.index({ storeId: 1, date: 1 });
schema.index({ storeId: 1, paidAt: 1 });

type AppointmentEnv = EventEnvelope<EventData<'appointment.created'> | EventData<'appointment.updated'> | EventData<'appointment.deleted'>>;

/** Checked-out appointments per store and day, from scheduling's appointment events. */
export class CheckoutsRepository {
  readonly model: Model<CheckoutDoc>;

  constructor(db: Connection) {
    this.model = (db.models.BillingCheckout as Model<CheckoutDoc> | undefined) ?? db.model<CheckoutDoc>('BillingCheckout', schema);
  }

  async apply(env: AppointmentEnv, deleted = false): Promise<void> {
    const a = env.data;
    const seen = await this.model.findOne({ _id: a.id }, { at: 1, seq: 1, sale: 1, paidAt: 1 }).lean<Pick<CheckoutDoc, 'sale' | 'paidAt'> & { at?: string; seq?: number }>();
    if (seen?.at && (seen.at > env.occurredAt || (seen.at === env.occurredAt && (seen.seq ?? 0) > (env.seq ?? 0)))) return;
    const sale = deleted || a.dayOff || a.status === 'CANCEL' ? 0 : (a.sale ?? 0);
    // Only checked-out appointments are kept; a later edit that clears the sale removes the payment.
    if (sale <= 0 && !seen) return;
    // The payment was taken when the sale was entered; a later edit (a note, a move) does not take it again.
    const paidAt = sale > 0 && seen?.paidAt && seen.sale === sale ? seen.paidAt : env.occurredAt;
    await upsertById(this.model, a.id, { storeId: a.storeId, staffId: a.staffId, date: a.date, end: a.end, status: a.status, sale, paidAt, at: env.occurredAt, seq: env.seq ?? 0 });
  }

  /** Payments taken from `from` (included) to `to` (excluded), instants in ms. */
  async paidBetween(storeId: number, from: number, to: number): Promise<CheckoutDoc[]> {
    const docs = await this.model.find({ storeId, paidAt: { $gte: new Date(from).toISOString(), $lt: new Date(to).toISOString() } }).lean<CheckoutDoc[]>();
    return docs.filter((d) => d.sale > 0);
  }

  /** Check-outs kept before their payment time was (no paidAt), of the given appointment days. */
  async undatedOfDays(storeId: number, dates: string[]): Promise<CheckoutDoc[]> {
    const docs = await this.model.find({ storeId, date: { $in: dates }, paidAt: { $exists: false } }).lean<CheckoutDoc[]>();
    return docs.filter((d) => d.sale > 0);
  }
}
