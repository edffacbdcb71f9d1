import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventEnvelope } from '@turnbook/contracts';
import { isDuplicateKey, pendingEventsFields, upsertById, type EventBus, type Memberships } from '@turnbook/service-kit';

/** A stored customer. Names and email are stored lowercased, phone as 10 digits. */
export interface CustomerDoc {
  _id: number;
  storeId: number;
  fname: string;
  lname: string;
  email: string | null;
  phone: string | null;
  status: string;
  fav_staffId: number | null;
  book_with_fav_staff: 0 | 1;
  visited: number;
  color: string | null;
  /** The account that made this customer in the booking flow (null when the store or the kiosk made it). */
  accountId?: number | null;
  created_at: Date;
  updated_at: Date;
  /** Set when this customer was merged into another: hidden from every read, deleted once its event is out. */
  merged_into?: number | null;
  /** true with merged_into: what the purge finds them by (see purgeMerged). */
  merged?: boolean;
}

export type NewCustomer = Omit<CustomerDoc, '_id' | 'merged_into' | 'merged'>;
export type CustomerChanges = Partial<Omit<CustomerDoc, '_id' | 'storeId' | 'created_at' | 'merged_into' | 'merged'>>;

const schema = new mongoose.Schema<CustomerDoc>(
  {
    _id: Number,
    storeId: { type: Number, required: true },
    fname: { type: String, default: '' },
    lname: { type: String, default: '' },
    email: { type: String, default: null },
    phone: { type: String, default: null },
    status: { type: String, default: '' },
    fav_staffId: { type: Number, default: null },
    book_with_fav_staff: { type: Number, default: 0 },
    visited: { type: Number, default: 0 },
    color: { type: String, default: null },
    accountId: { type: Number, default: null },
    created_at: Date,
    updated_at: Date,
    merged_into: { type: Number, default: null },
    merged: Boolean,
    ...pendingEventsFields,
  },
  { versionKey: false, collection: 'customers' },
);
// Store-scoped listing, phone dedupe and public lookup, name search (MongoDB; FerretDB serves the
// equality parts with its own indexes, see docs/decisions.md).
schema.index({ storeId: 1, phone: 1 });
schema.index({ storeId: 1, lname: 1, fname: 1 });
schema.index({ merged_into: 1 });

/** Public booking dedupe: one claim per (store, phone), made unique by its string `_id`. */
interface PhoneClaimDoc {
  _id: string;
  customerId: number | null;
  at: Date;
}
const claimSchema = new mongoose.Schema<PhoneClaimDoc>(
  { _id: String, customerId: { type: Number, default: null }, at: Date },
  { versionKey: false, collection: 'customer_phone_claims' },
);

/**
 * A store's customers version: raised after every write to one of its customers, so any process can tell
 * with one read by `_id` whether what it holds in memory is still current.
 */
interface StoreVersionDoc {
  _id: number;
  v: number;
}
const versionSchema = new mongoose.Schema<StoreVersionDoc>({ _id: Number, v: Number }, { versionKey: false, collection: 'customer_store_versions' });

/**
 * Version `v` of a store's customers: which customer it changed. Its `_id` (`storeId:v`) is the claim on the
 * number, so two writers never share one (FerretDB's `$inc` is not atomic: 30 parallel increments handed
 * out 10 numbers). The last CHANGE_KEEP of a store are kept.
 */
interface ChangeDoc {
  _id: string;
  storeId: number;
  v: number;
  customerId: number;
}
const changeSchema = new mongoose.Schema<ChangeDoc>(
  { _id: String, storeId: Number, v: Number, customerId: Number },
  { versionKey: false, collection: 'customer_changes' },
);

/** How many versions a reader may be behind and still catch up from the changes; further, it reloads the store. */
export const CHANGE_SLOTS = 64;
/** Changes kept per store: twice what a reader uses, so a writer whose hint lags a little never meets a freed number. */
const CHANGE_KEEP = 2 * CHANGE_SLOTS;
const changeId = (storeId: number, v: number) => `${storeId}:${v}`;

const LIVE = { merged_into: null };

/**
 * The only code touching the customers' collections (and the memberships read model the service
 * consults). Every write stores its events with it and then raises the store's version.
 */
export class CustomerRepository {
  readonly Customer: Model<CustomerDoc>;
  private readonly Claim: Model<PhoneClaimDoc>;
  private readonly Version: Model<StoreVersionDoc>;
  private readonly Change: Model<ChangeDoc>;

  constructor(
    db: Connection,
    private readonly bus: EventBus,
    private readonly memberships: Memberships,
  ) {
    // One model per connection, whoever builds a repository on it first (tests build their own).
    const model = <T>(name: string, s: mongoose.Schema<T>) => (db.models[name] as Model<T> | undefined) ?? db.model<T>(name, s);
    this.Customer = model('Customer', schema);
    this.Claim = model('CustomerPhoneClaim', claimSchema);
    this.Version = model('CustomerStoreVersion', versionSchema);
    this.Change = model('CustomerChange', changeSchema);
    bus.track(this.Customer);
  }

  async init(): Promise<void> {
    await this.Customer.syncIndexes();
  }

  async findById(id: number): Promise<CustomerDoc | null> {
    return this.Customer.findOne({ _id: id, ...LIVE }, { _pendingEvents: 0, _hasPending: 0 }).lean<CustomerDoc>();
  }

  async findInStore(storeId: number, id: number): Promise<CustomerDoc | null> {
    return this.Customer.findOne({ _id: id, storeId, ...LIVE }).lean<CustomerDoc>();
  }

  async listByStore(storeId: number): Promise<CustomerDoc[]> {
    return this.Customer.find({ storeId, ...LIVE }, { _pendingEvents: 0, _hasPending: 0 }).sort({ _id: 1 }).lean<CustomerDoc[]>();
  }

  async findByPhone(storeId: number, phone: string): Promise<CustomerDoc[]> {
    return this.Customer.find({ storeId, phone, ...LIVE }).sort({ _id: 1 }).lean<CustomerDoc[]>();
  }

  /** A store-scoped query built by the search (escaped regexes only). */
  async findMatching(storeId: number, filter: Record<string, unknown>, limit: number): Promise<CustomerDoc[]> {
    return this.Customer.find({ ...filter, storeId, ...LIVE }).limit(limit).lean<CustomerDoc[]>();
  }

  /** Inserts with the next numeric id, its event stored in the same insert, then publishes it. */
  async create(doc: NewCustomer, event: (saved: CustomerDoc) => EventEnvelope): Promise<CustomerDoc> {
    const created = await this.bus.insertNumbered(this.Customer, { ...doc, merged_into: null }, { counter: 'customers' }, (saved) => [event(saved)]);
    await this.stamp(created.storeId, created._id);
    return created;
  }

  /** Applies changes and records the event in the same write; returns the updated customer. */
  async update(id: number, changes: CustomerChanges, event: (after: CustomerDoc) => EventEnvelope): Promise<CustomerDoc | null> {
    const before = await this.findById(id);
    if (!before) return null;
    const after: CustomerDoc = { ...before, ...changes };
    const res = await this.Customer.updateOne({ _id: id, ...LIVE }, { $set: { ...changes, ...this.bus.withEvents(event(after)) } });
    if (res.matchedCount === 0) return null;
    await this.stamp(before.storeId, id);
    await this.bus.flush(this.Customer, id);
    return after;
  }

  /**
   * Links a store's customers of a phone to the account that proved the phone (family members may share it).
   * No event: no other service keeps `accountId`.
   */
  async linkAccount(storeId: number, phone: string, accountId: number): Promise<void> {
    await this.Customer.updateMany({ storeId, phone, accountId: { $ne: accountId }, ...LIVE }, { $set: { accountId, updated_at: new Date() } });
  }

  async delete(c: CustomerDoc, event: EventEnvelope): Promise<void> {
    await this.bus.deleteWithEvent(this.Customer, c._id, event);
    await this.stamp(c.storeId, c._id);
  }

  /**
   * Marks `removed` as merged into `kept` together with the merge event (one write, so the event cannot be
   * lost). Returns false if `removed` was merged meanwhile.
   */
  async markMerged(removed: CustomerDoc, keptId: number, event: EventEnvelope): Promise<boolean> {
    const res = await this.Customer.updateOne(
      { _id: removed._id, ...LIVE },
      { $set: { merged_into: keptId, merged: true, updated_at: new Date(), ...this.bus.withEvents(event) } },
    );
    if (res.matchedCount === 0) return false;
    await this.stamp(removed.storeId, removed._id);
    await this.bus.flush(this.Customer, removed._id);
    return true;
  }

  /**
   * Deletes merged customers whose events are out (their appointments were moved by then), found by the
   * `merged` flag: FerretDB filters only top-level equality in the database, and `merged_into: {$ne: null}`
   * made it decode every customer (8 s a minute at 100,000). `byMergedInto` also finds those merged by a
   * release that set no flag (the purge's first run in each process; MongoDB answers both from an index).
   */
  async purgeMerged({ byMergedInto = false } = {}): Promise<number> {
    const merged = byMergedInto ? { merged_into: { $ne: null } } : { merged: true };
    const res = await this.Customer.deleteMany({ ...merged, _hasPending: { $ne: true } });
    return res.deletedCount ?? 0;
  }

  // --- the store's customers version, for in-memory copies in any process ---
  //
  // Version v of a store exists when its change `storeId:v` does. Versions are claimed in order (a writer takes
  // the first free number above the hint), so they form an unbroken run: when v + 1 is not claimed, v is the
  // latest. The store's version document is only a hint of where the run ends (it may lag, never lead).

  /** The stores with the most customer writes first (the index warms them at start). */
  async busiestStores(limit: number): Promise<number[]> {
    const docs = await this.Version.find({}, { _id: 1 }).sort({ v: -1 }).limit(limit).lean<StoreVersionDoc[]>();
    return docs.map((d) => d._id);
  }

  /**
   * The store's current version (0 before its first write). `known` is a version the caller has seen: when
   * nothing was claimed after it, one round trip answers.
   */
  async storeVersion(storeId: number, known = 0): Promise<number> {
    const [hint, next] = await Promise.all([this.versionHint(storeId), this.hasChange(storeId, known + 1)]);
    // Nothing after `known`, unless those changes were already dropped (a reader far behind) or raised past
    // by a bulk load (the hint is ahead): then it reloads the store anyway.
    if (!next && hint <= known) return known;
    let top = Math.max(hint, next ? known + 1 : known);
    while (await this.hasChange(storeId, top + 1)) top += 1;
    return top;
  }

  /**
   * The customers changed by versions `from + 1` .. `to` of a store, or null when the log no longer (or
   * does not) hold all of them: the caller then reads the whole store.
   */
  async changedBetween(storeId: number, from: number, to: number): Promise<number[] | null> {
    if (to - from > CHANGE_SLOTS) return null;
    const changes = await Promise.all(
      Array.from({ length: to - from }, (_x, i) => this.Change.findOne({ _id: changeId(storeId, from + 1 + i) }).lean<ChangeDoc>()),
    );
    if (changes.some((c) => !c)) return null;
    return [...new Set(changes.map((c) => c!.customerId))];
  }

  /**
   * Claims the store's next version for a write to one of its customers, after the write, so whoever reads
   * the new version also reads the write. A process that dies in between leaves a write that the others'
   * copies show only when they next read the whole store.
   */
  private async stamp(storeId: number, customerId: number): Promise<void> {
    let v = (await this.versionHint(storeId)) + 1;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.Change.create({ _id: changeId(storeId, v), storeId, v, customerId });
        break;
      } catch (err) {
        if (!isDuplicateKey(err) || attempt > 200) throw err;
        // Taken by another writer: the next one (jumping to the hint after a few, when far behind).
        v = attempt % 8 === 7 ? Math.max(v, await this.versionHint(storeId)) + 1 : v + 1;
      }
    }
    await this.raiseHint(storeId, v);
    if (v > CHANGE_KEEP) await this.Change.deleteOne({ _id: changeId(storeId, v - CHANGE_KEEP) });
  }

  private async versionHint(storeId: number): Promise<number> {
    const doc = await this.Version.findOne({ _id: storeId }).lean<StoreVersionDoc>();
    return doc?.v ?? 0;
  }

  private async hasChange(storeId: number, v: number): Promise<boolean> {
    return (await this.Change.exists({ _id: changeId(storeId, v) })) !== null;
  }

  /** Only ever raised; a reader looks past it anyway (a writer may not have raised it yet). */
  private raiseHint(storeId: number, v: number): Promise<void> {
    return upsertById(this.Version, storeId, { v }, '$max');
  }

  // --- the stores, from the memberships read model ---

  /** A live store (not removed, not still being created); one created a moment ago is asked of scheduling. */
  async storeExists(storeId: number): Promise<boolean> {
    const store = await this.memberships.store(storeId);
    return !!store && store.status !== 'OFF';
  }

  /** Current (not archived) staff of the store. */
  async isCurrentStaff(storeId: number, staffId: number): Promise<boolean> {
    const store = await this.memberships.store(storeId);
    return !!store?.members.some((m) => m.staffId === staffId && !m.archived);
  }

  // --- public booking phone claims ---

  async findClaim(key: string): Promise<PhoneClaimDoc | null> {
    return this.Claim.findOne({ _id: key }).lean<PhoneClaimDoc>();
  }

  /** True if we now own the claim; false if someone else holds it (unique `_id`). */
  async tryClaim(key: string): Promise<boolean> {
    try {
      await this.Claim.create({ _id: key, customerId: null, at: new Date() });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async settleClaim(key: string, customerId: number): Promise<void> {
    await this.Claim.updateOne({ _id: key }, { $set: { customerId, at: new Date() } });
  }

  async pointClaim(key: string, customerId: number): Promise<void> {
    await upsertById(this.Claim, key, { customerId, at: new Date() });
  }

  async dropClaim(key: string, expected: number | null): Promise<void> {
    await this.Claim.deleteOne({ _id: key, customerId: expected });
  }
}
