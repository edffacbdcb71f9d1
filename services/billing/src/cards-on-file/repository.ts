import mongoose, { type Connection, type Model } from 'mongoose';

/** A salon customer's card on file: the SetupIntent that saves it, and the card once it is saved. */
export interface CardOnFileDoc {
  /** the SetupIntent's id: what the booking names as its `cardOnFile` */
  _id: string;
  storeId: number;
  /** the card holder at the provider (one per card on file) */
  customerId: string;
  status: 'pending' | 'saved';
  paymentMethodId?: string;
  last4?: string;
  brand?: string;
  created_at: Date;
}

const schema = new mongoose.Schema<CardOnFileDoc>(
  { _id: String, storeId: Number, customerId: String, status: String, paymentMethodId: String, last4: String, brand: String, created_at: Date },
  { versionKey: false, collection: 'cards_on_file' },
);

/** Cards on file: started by a SetupIntent, kept once the provider saved the card. */
export class CardsOnFileRepository {
  readonly model: Model<CardOnFileDoc>;

  constructor(db: Connection) {
    this.model = (db.models.CardOnFile as Model<CardOnFileDoc> | undefined) ?? db.model<CardOnFileDoc>('CardOnFile', schema);
  }

  async start(id: string, storeId: number, customerId: string): Promise<void> {
    await this.model.create({ _id: id, storeId, customerId, status: 'pending', created_at: new Date() });
  }

  byId(id: string): Promise<CardOnFileDoc | null> {
    return this.model.findOne({ _id: id }).lean<CardOnFileDoc>();
  }

  async saved(id: string, card: { paymentMethodId: string; last4: string; brand: string }): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { status: 'saved', ...card } });
  }
}
