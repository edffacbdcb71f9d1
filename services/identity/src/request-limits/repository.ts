import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';

/** One counted request (a registration, a reset request) under a key such as `register:ip:203.0.113.9`. */
interface RequestDoc {
  _id: string;
  key: string;
  at: Date;
}

const schema = new mongoose.Schema<RequestDoc>({ _id: String, key: String, at: Date }, { versionKey: false });
schema.index({ key: 1, at: 1 });

/** Counted requests in identity's database, shared by every instance; inserts, counts and deletes only. */
export class RequestCountsRepository {
  private readonly model: Model<RequestDoc>;

  constructor(db: Connection) {
    this.model = db.model<RequestDoc>('CountedRequest', schema, 'request_counts');
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  async insert(key: string, at: Date): Promise<string> {
    const _id = randomUUID();
    await this.model.create({ _id, key, at });
    return _id;
  }

  count(key: string, since: Date): Promise<number> {
    return this.model.countDocuments({ key, at: { $gte: since } });
  }

  /** The time of the oldest request of the key still in the window. */
  async oldest(key: string, since: Date): Promise<Date | null> {
    const doc = await this.model.findOne({ key, at: { $gte: since } }, { at: 1 }).sort({ at: 1 }).lean<{ at: Date }>();
    return doc?.at ?? null;
  }

  async remove(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id });
  }

  async removeOlderThan(before: Date): Promise<void> {
    await this.model.deleteMany({ at: { $lt: before } });
  }
}
