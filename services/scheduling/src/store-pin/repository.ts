import mongoose, { type Connection, type Model } from 'mongoose';

/** One wrong PIN for a store from an address. */
interface PinFailureDoc {
  storeId: number;
  ip: string;
  at: Date;
}

const schema = new mongoose.Schema<PinFailureDoc>({ storeId: Number, ip: String, at: Date }, { versionKey: false, collection: 'store_pin_failures' });
schema.index({ storeId: 1, at: 1 });

/**
 * Wrong store PINs, in the database so every scheduling instance counts the same guesses (an insert per
 * failure: atomic where an increment on FerretDB is not).
 */
export class PinFailureRepository {
  private readonly model: Model<PinFailureDoc>;

  constructor(db: Connection) {
    this.model = (db.models.StorePinFailure as Model<PinFailureDoc> | undefined) ?? db.model<PinFailureDoc>('StorePinFailure', schema);
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  async record(storeId: number, ip: string, at: Date): Promise<void> {
    await this.model.create({ storeId, ip, at });
  }

  count(filter: { storeId: number; ip?: string }, since: Date): Promise<number> {
    return this.model.countDocuments({ ...filter, at: { $gte: since } });
  }

  /** The n-th newest failure under the filter since `since` (when one more is allowed again). */
  async nthNewest(filter: { storeId: number; ip?: string }, since: Date, n: number): Promise<Date | undefined> {
    const [doc] = await this.model.find({ ...filter, at: { $gte: since } }, { at: 1 }).sort({ at: -1 }).skip(n - 1).limit(1).lean();
    return doc?.at;
  }

  async forget(storeId: number, ip: string, before: Date): Promise<void> {
    await this.model.deleteMany({ $or: [{ storeId, ip }, { at: { $lt: before } }] });
  }
}
