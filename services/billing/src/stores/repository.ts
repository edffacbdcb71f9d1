import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventEnvelope, EventData } from '@turnbook/contracts';
import { isDuplicateKey, pendingEventsFields, upsertById, type EventBus } from '@turnbook/service-kit';
import type { PackageView } from '../packages/package-view';

export interface StoreDoc {
  _id: number;
  name: string;
  timezone: string;
  status: string;
  /** when the last applied store.updated happened (ISO), so an older one never overwrites it */
  at: string;
  /** the package last told to other services (billing.package_changed) */
  published?: PackageView | null;
}

const schema = new mongoose.Schema<StoreDoc>(
  { _id: Number, name: String, timezone: String, status: String, at: String, published: mongoose.Schema.Types.Mixed, ...pendingEventsFields },
  { versionKey: false, collection: 'stores' },
);

/** Store names and zones (scheduling's store.updated), and the package each store was last said to have. */
export class StoresRepository {
  readonly model: Model<StoreDoc>;

  constructor(
    db: Connection,
    private readonly bus: EventBus,
  ) {
    this.model = (db.models.BillingStore as Model<StoreDoc> | undefined) ?? db.model<StoreDoc>('BillingStore', schema);
    bus.track(this.model);
  }

  async apply(env: EventEnvelope<EventData<'store.updated'>>): Promise<void> {
    const s = env.data;
    const seen = await this.model.findOne({ _id: s.storeId }, { at: 1 }).lean<{ at?: string }>();
    if (seen?.at && seen.at > env.occurredAt) return;
    await upsertById(this.model, s.storeId, { name: s.name, timezone: s.timezone, status: s.status, at: env.occurredAt });
  }

  byId(storeId: number): Promise<StoreDoc | null> {
    return this.model.findOne({ _id: storeId }).lean<StoreDoc>();
  }

  /** Every store still open (the super admin's list), by id. */
  async open(): Promise<StoreDoc[]> {
    const docs = await this.model.find({}).lean<StoreDoc[]>();
    return docs.filter((d) => d.status !== 'OFF').sort((a, b) => a._id - b._id);
  }

  /** Records the package with its event in one write, then publishes it (the sweeper retries a failed publish). */
  async publishPackage(storeId: number, view: PackageView, env: EventEnvelope): Promise<void> {
    const change = { $set: { published: view, ...this.bus.withEvents(env) } };
    try {
      await this.model.updateOne({ _id: storeId }, change, { upsert: true });
    } catch (err) {
      // two first writes for a store raced on FerretDB's read-then-write upsert
      if (!isDuplicateKey(err)) throw err;
      await this.model.updateOne({ _id: storeId }, change);
    }
    await this.bus.flush(this.model, storeId);
  }
}
