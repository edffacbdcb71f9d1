import mongoose, { type Connection, type Model } from 'mongoose';

/** One create-or-find from outside the store, counted under each of its keys (`ip:<address>`, `phone:<digits>`). */
interface GuestCreateDoc {
  keys: string[];
  at: Date;
}

const schema = new mongoose.Schema<GuestCreateDoc>({ keys: [String], at: Date }, { versionKey: false, collection: 'customer_guest_creates' });
schema.index({ keys: 1, at: 1 });

/**
 * The counters behind the guest limits, in the database so every instance counts the same calls. Each call
 * is one inserted document (an insert is atomic where an increment on FerretDB is not); old ones are
 * removed as new ones come in.
 */
export class GuestCreateRepository {
  private readonly model: Model<GuestCreateDoc>;

  constructor(db: Connection) {
    this.model = (db.models.CustomerGuestCreate as Model<GuestCreateDoc> | undefined) ?? db.model<GuestCreateDoc>('CustomerGuestCreate', schema);
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  async record(keys: string[], at: Date): Promise<void> {
    await this.model.create({ keys, at });
  }

  count(key: string, since: Date): Promise<number> {
    return this.model.countDocuments({ keys: key, at: { $gte: since } });
  }

  /** The time of the n-th newest call under the key since `since` (when the limit frees up), if any. */
  async nthNewest(key: string, since: Date, n: number): Promise<Date | undefined> {
    const [doc] = await this.model.find({ keys: key, at: { $gte: since } }, { at: 1 }).sort({ at: -1 }).skip(n - 1).limit(1).lean();
    return doc?.at;
  }

  async removeOlderThan(before: Date): Promise<void> {
    await this.model.deleteMany({ at: { $lt: before } });
  }
}
