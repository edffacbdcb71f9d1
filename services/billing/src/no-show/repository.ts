import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventEnvelope } from '@turnbook/contracts';
import { isDuplicateKey, pendingEventsFields, type EventBus } from '@turnbook/service-kit';

/** An appointment's no-show fee charge: one per appointment (its id is the appointment's). */
export interface NoShowChargeDoc {
  _id: number;
  storeId: number;
  /** cents */
  amount: number;
  last4: string;
  /** 'pending' while the provider is asked; then its answer */
  status: 'pending' | 'succeeded' | 'declined';
  message: string;
  paymentIntentId: string | null;
  chargedBy: number;
  chargedAt: string;
}

const schema = new mongoose.Schema<NoShowChargeDoc>(
  {
    _id: Number, storeId: Number, amount: Number, last4: String, status: String, message: String, paymentIntentId: String, chargedBy: Number, chargedAt: String,
    ...pendingEventsFields,
  },
  { versionKey: false, collection: 'no_show_charges' },
);
schema.index({ storeId: 1, chargedAt: 1 });

/** No-show fee charges. The insert of an appointment's charge is what makes it happen once (a unique _id). */
export class NoShowChargesRepository {
  readonly model: Model<NoShowChargeDoc>;

  constructor(db: Connection, private readonly bus: EventBus) {
    this.model = (db.models.NoShowCharge as Model<NoShowChargeDoc> | undefined) ?? db.model<NoShowChargeDoc>('NoShowCharge', schema);
    bus.track(this.model);
  }

  /** Starts the appointment's charge; false when it was started before (a second click, a retry). */
  async begin(doc: Omit<NoShowChargeDoc, 'status' | 'message' | 'paymentIntentId'>): Promise<boolean> {
    try {
      await this.model.create({ ...doc, status: 'pending', message: '', paymentIntentId: null });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  byAppointment(appointmentId: number): Promise<NoShowChargeDoc | null> {
    return this.model.findOne({ _id: appointmentId }, { _pendingEvents: 0, _hasPending: 0 }).lean<NoShowChargeDoc>();
  }

  /** The provider's answer, kept with its event in one write, then published (the sweeper retries a failed publish). */
  async finish(appointmentId: number, result: Pick<NoShowChargeDoc, 'status' | 'message' | 'paymentIntentId'>, env: EventEnvelope): Promise<void> {
    await this.model.updateOne({ _id: appointmentId }, { $set: { ...result, ...this.bus.withEvents(env) } });
    await this.bus.flush(this.model, appointmentId);
  }

  /** The store's charged fees between two instants (ms): merchant transactions show them. */
  succeededBetween(storeId: number, from: number, to: number): Promise<NoShowChargeDoc[]> {
    return this.model
      .find({ storeId, status: 'succeeded', chargedAt: { $gte: new Date(from).toISOString(), $lt: new Date(to).toISOString() } }, { _pendingEvents: 0, _hasPending: 0 })
      .lean<NoShowChargeDoc[]>();
  }
}
