import type { Connection, Model } from 'mongoose';
import type { EventEnvelope } from '@turnbook/contracts';
import { insertWithNumericId, isDuplicateKey, type EventBus } from '@turnbook/service-kit';
import { storeModel, type StoreDoc } from './model';

export type NewStore = Omit<StoreDoc, '_id' | 'created_at' | 'updated_at'>;
export type StoreChanges = Partial<Omit<StoreDoc, '_id' | 'created_at' | 'updated_at'>>;

/** Thrown when a write collides with another store's permalink. */
export class PermalinkTaken extends Error {}

export class StoreRepository {
  readonly model: Model<StoreDoc>;

  constructor(db: Connection, private readonly bus: EventBus) {
    this.model = storeModel(db);
    bus.track(this.model);
  }

  byId(id: number): Promise<StoreDoc | null> {
    return this.model.findById(id).lean<StoreDoc>();
  }

  byPermalink(permalink: string): Promise<StoreDoc | null> {
    return this.model.findOne({ permalink }).lean<StoreDoc>();
  }

  ownedBy(ownerId: number): Promise<StoreDoc[]> {
    return this.model.find({ ownerId, status: 'ON' }).sort({ _id: 1 }).lean<StoreDoc[]>();
  }

  activeByIds(ids: number[]): Promise<StoreDoc[]> {
    return this.model.find({ _id: { $in: ids }, status: 'ON' }).sort({ _id: 1 }).lean<StoreDoc[]>();
  }

  all(): Promise<StoreDoc[]> {
    return this.model.find({ status: { $in: ['ON', 'OFF'] } }).sort({ _id: 1 }).lean<StoreDoc[]>();
  }

  /** Permalinks already taken by `base` or `base-N`, to pick the next suffix without many retries. */
  async permalinksLike(base: string): Promise<string[]> {
    const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const docs = await this.model.find({ permalink: { $regex: `^${escaped}(-[0-9]+)?$` } }, { permalink: 1 }).lean();
    return docs.map((d) => d.permalink);
  }

  /** Inserts with the next store id; PermalinkTaken when the permalink is already used. */
  async insert(store: NewStore): Promise<StoreDoc> {
    try {
      const now = new Date();
      return await insertWithNumericId<StoreDoc>(this.model, { ...store, created_at: now, updated_at: now } as Omit<StoreDoc, '_id'>, 'stores', 1);
    } catch (err) {
      if (isDuplicateKey(err)) throw new PermalinkTaken();
      throw err;
    }
  }

  /** Applies changes and records events in the same write, then publishes them. */
  async update(id: number, changes: StoreChanges, events: EventEnvelope[] = []): Promise<StoreDoc | null> {
    try {
      await this.model.updateOne({ _id: id }, { $set: { ...changes, updated_at: new Date(), ...(events.length ? this.bus.withEvents(...events) : {}) } });
    } catch (err) {
      if (isDuplicateKey(err)) throw new PermalinkTaken();
      throw err;
    }
    if (events.length) await this.bus.flush(this.model, id);
    return this.byId(id);
  }

  /** Records events on the store document (an outbox entry that survives a crash) and publishes them. */
  async recordEvents(id: number, events: EventEnvelope[]): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: this.bus.withEvents(...events) });
    await this.bus.flush(this.model, id);
  }

  async deleteHalfMade(id: number): Promise<void> {
    await this.model.deleteOne({ _id: id, status: 'PENDING' });
  }
}
