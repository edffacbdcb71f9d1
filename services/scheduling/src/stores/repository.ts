import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventEnvelope } from '@turnbook/contracts';
import { findEachById, insertWithNumericId, isDuplicateKey, coalescedRead, type EventBus } from '@turnbook/service-kit';
import type { ConfigStamps } from '../store-config/config-read-model';
import { storeModel, type StoreDoc } from './model';

export type NewStore = Omit<StoreDoc, '_id' | 'created_at' | 'updated_at'>;
export type StoreChanges = Partial<Omit<StoreDoc, '_id' | 'created_at' | 'updated_at'>>;

/** Thrown when a write collides with another store's permalink. */
export class PermalinkTaken extends Error {}

/**
 * Every permalink a store has ever had, current or old: the `_id` makes each one belong to one store for
 * good, so an old booking link never starts pointing at another store.
 */
interface PermalinkDoc {
  _id: string;
  storeId: number;
  at: Date;
}
const permalinkSchema = new mongoose.Schema<PermalinkDoc>({ _id: String, storeId: { type: Number, index: true }, at: Date }, { versionKey: false });

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class StoreRepository {
  readonly model: Model<StoreDoc>;
  readonly permalinks: Model<PermalinkDoc>;

  constructor(db: Connection, private readonly bus: EventBus, private readonly config: Pick<ConfigStamps, 'touch'>) {
    this.model = storeModel(db);
    this.permalinks = (db.models.StorePermalink as Model<PermalinkDoc>) ?? db.model<PermalinkDoc>('StorePermalink', permalinkSchema, 'store_permalinks');
    bus.track(this.model);
  }

  /** Concurrent callers share one read that started after they called (a burst of online requests). */
  readonly byId = coalescedRead((id: number) => this.model.findById(id).lean<StoreDoc>());

  /** The store whose permalink this is now, or was before a rename. */
  async byPermalink(permalink: string): Promise<StoreDoc | null> {
    const current = await this.model.findOne({ permalink }).lean<StoreDoc>();
    if (current) return current;
    const old = await this.permalinks.findById(permalink).lean();
    return old ? this.byId(old.storeId) : null;
  }

  ownedBy(ownerId: number): Promise<StoreDoc[]> {
    return this.model.find({ ownerId, status: 'ON' }).sort({ _id: 1 }).lean<StoreDoc[]>();
  }

  /** Live stores the user owns or was granted as a franchise manager, oldest first. */
  async ownedOrManagedBy(userId: number): Promise<StoreDoc[]> {
    // Two equality reads, not an `$or` (FerretDB decodes the whole collection for one, docs/decisions.md).
    const [owned, managed] = await Promise.all([this.ownedBy(userId), this.model.find({ 'managers.userId': userId, status: 'ON' }).lean<StoreDoc[]>()]);
    const ids = new Set(owned.map((s) => s._id));
    return [...owned, ...managed.filter((s) => !ids.has(s._id))].sort((a, b) => a._id - b._id);
  }

  activeByIds(ids: number[]): Promise<StoreDoc[]> {
    return findEachById<StoreDoc>(this.model, ids, { status: 'ON' });
  }

  all(): Promise<StoreDoc[]> {
    return this.model.find({ status: { $in: ['ON', 'OFF'] } }).sort({ _id: 1 }).lean<StoreDoc[]>();
  }

  /** Permalinks already used (now or before) as `base` or `base-N`, to pick the next suffix without many retries. */
  async permalinksLike(base: string): Promise<string[]> {
    const pattern = `^${escapeRegex(base)}(-[0-9]+)?$`;
    const [current, old] = await Promise.all([
      this.model.find({ permalink: { $regex: pattern } }, { permalink: 1 }).lean(),
      this.permalinks.find({ _id: { $regex: pattern } }, { _id: 1 }).lean(),
    ]);
    return [...current.map((d) => d.permalink), ...old.map((d) => d._id)];
  }

  /**
   * Makes a permalink this store's for good. False when it is (or was) another store's. Safe to repeat,
   * and safe to race: the `_id` decides.
   */
  async claimPermalink(permalink: string, storeId: number): Promise<boolean> {
    try {
      await this.permalinks.create({ _id: permalink, storeId, at: new Date() });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const holder = await this.permalinks.findById(permalink).lean();
      return holder?.storeId === storeId;
    }
  }

  /** Gives back a claim that was never used (a rename that failed). */
  async releasePermalink(permalink: string, storeId: number): Promise<void> {
    await this.permalinks.deleteOne({ _id: permalink, storeId });
  }

  /** Inserts with the next store id; PermalinkTaken when the permalink is already a store's current one. */
  async insert(store: NewStore): Promise<StoreDoc> {
    let saved: StoreDoc;
    try {
      const now = new Date();
      saved = await insertWithNumericId<StoreDoc>(this.model, { ...store, created_at: now, updated_at: now } as Omit<StoreDoc, '_id'>, 'stores', 1);
    } catch (err) {
      if (isDuplicateKey(err)) throw new PermalinkTaken();
      throw err;
    }
    await this.config.touch(saved._id);
    return saved;
  }

  /** Applies changes and records events in the same write, then publishes them. */
  async update(id: number, changes: StoreChanges, events: EventEnvelope[] = []): Promise<StoreDoc | null> {
    try {
      await this.model.updateOne({ _id: id }, { $set: { ...changes, updated_at: new Date(), ...(events.length ? this.bus.withEvents(...events) : {}) } });
    } catch (err) {
      if (isDuplicateKey(err)) throw new PermalinkTaken();
      throw err;
    }
    await this.config.touch(id);
    if (events.length) await this.bus.flush(this.model, id);
    return this.byId(id);
  }

  /** Records events on the store document (an outbox entry that survives a crash) and publishes them. */
  async recordEvents(id: number, events: EventEnvelope[]): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: this.bus.withEvents(...events) });
    await this.bus.flush(this.model, id);
  }

  /** Removes a store that never went live, with any permalink it had claimed. */
  async deleteHalfMade(id: number): Promise<void> {
    const res = await this.model.deleteOne({ _id: id, status: 'PENDING' });
    if (res.deletedCount) {
      await this.config.touch(id);
      await this.permalinks.deleteMany({ storeId: id });
    }
  }
}
