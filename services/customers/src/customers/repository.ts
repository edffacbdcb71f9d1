import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventEnvelope } from '@turnbook/contracts';
import { insertWithNumericId, pendingEvents, pendingEventsFields, upsertById, type EventBus } from '@turnbook/service-kit';

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
  created_at: Date;
  updated_at: Date;
  /** Set when this customer was merged into another: hidden from every read, deleted once its event is out. */
  merged_into?: number | null;
}

export type NewCustomer = Omit<CustomerDoc, '_id' | 'merged_into'>;
export type CustomerChanges = Partial<Omit<CustomerDoc, '_id' | 'storeId' | 'created_at' | 'merged_into'>>;

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
    created_at: Date,
    updated_at: Date,
    merged_into: { type: Number, default: null },
    ...pendingEventsFields,
  },
  { versionKey: false, collection: 'customers' },
);
// MongoDB uses these (store-scoped listing, phone dedupe and public lookup, name search); FerretDB v1 on
// SQLite never uses secondary indexes, which is why searches are served from the in-process index.
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

const LIVE = { merged_into: null };

export class CustomerRepository {
  readonly Customer: Model<CustomerDoc>;
  private readonly Claim: Model<PhoneClaimDoc>;

  constructor(
    db: Connection,
    private readonly bus: EventBus,
  ) {
    this.Customer = db.model<CustomerDoc>('Customer', schema);
    this.Claim = db.model<PhoneClaimDoc>('CustomerPhoneClaim', claimSchema);
    bus.track(this.Customer);
  }

  async init(): Promise<void> {
    await this.Customer.syncIndexes();
  }

  async findById(id: number): Promise<CustomerDoc | null> {
    return this.Customer.findOne({ _id: id, ...LIVE }).lean<CustomerDoc>();
  }

  async findInStore(storeId: number, id: number): Promise<CustomerDoc | null> {
    return this.Customer.findOne({ _id: id, storeId, ...LIVE }).lean<CustomerDoc>();
  }

  async listByStore(storeId: number): Promise<CustomerDoc[]> {
    return this.Customer.find({ storeId, ...LIVE }).sort({ _id: 1 }).lean<CustomerDoc[]>();
  }

  async findByPhone(storeId: number, phone: string): Promise<CustomerDoc[]> {
    return this.Customer.find({ storeId, phone, ...LIVE }).sort({ _id: 1 }).lean<CustomerDoc[]>();
  }

  /** A store-scoped query built by the search (escaped regexes only). */
  async findMatching(storeId: number, filter: Record<string, unknown>, limit: number): Promise<CustomerDoc[]> {
    return this.Customer.find({ ...filter, storeId, ...LIVE }).limit(limit).lean<CustomerDoc[]>();
  }

  /** Inserts with the next numeric id, the event stored in the same insert, then publishes it. */
  async create(doc: NewCustomer, event: (id: number) => EventEnvelope): Promise<CustomerDoc> {
    // The event names the id, which is only known once allocated: this view of the model adds the
    // pending event to each insert attempt, so document and event are one write.
    const Customer = this.Customer;
    const withEvent = Object.create(Customer, {
      create: { value: (d: CustomerDoc) => Customer.create({ ...d, ...pendingEvents(event(d._id)) }) },
    }) as Model<CustomerDoc>;
    const created = await insertWithNumericId<CustomerDoc>(withEvent, { ...doc, merged_into: null }, 'customers');
    await this.bus.flush(Customer, created._id);
    return created;
  }

  /** Applies changes and records the event in the same write; returns the updated customer. */
  async update(id: number, changes: CustomerChanges, event: (after: CustomerDoc) => EventEnvelope): Promise<CustomerDoc | null> {
    const before = await this.findById(id);
    if (!before) return null;
    const after: CustomerDoc = { ...before, ...changes };
    const res = await this.Customer.updateOne({ _id: id, ...LIVE }, { $set: { ...changes, ...this.bus.withEvents(event(after)) } });
    if (res.matchedCount === 0) return null;
    await this.bus.flush(this.Customer, id);
    return after;
  }

  async delete(id: number, event: EventEnvelope): Promise<void> {
    await this.bus.deleteWithEvent(this.Customer, id, event);
  }

  /**
   * Marks `removed` as merged into `kept` together with the merge event (one write, so the event cannot be
   * lost), then updates the kept one. Returns false if `removed` was merged meanwhile.
   */
  async markMerged(removedId: number, keptId: number, event: EventEnvelope): Promise<boolean> {
    const res = await this.Customer.updateOne(
      { _id: removedId, ...LIVE },
      { $set: { merged_into: keptId, updated_at: new Date(), ...this.bus.withEvents(event) } },
    );
    if (res.matchedCount === 0) return false;
    await this.bus.flush(this.Customer, removedId);
    return true;
  }

  /** Deletes merged customers whose events are out (their appointments were moved by then). */
  async purgeMerged(): Promise<number> {
    const res = await this.Customer.deleteMany({ merged_into: { $ne: null }, _hasPending: { $ne: true } });
    return res.deletedCount ?? 0;
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
      if ((err as { code?: number }).code === 11000) return false;
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

