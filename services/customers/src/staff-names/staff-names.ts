import mongoose, { type Connection, type Model } from 'mongoose';
import { upsertById, type EventBus } from '@turnbook/service-kit';

interface StaffNameDoc {
  _id: string;
  storeId: number;
  staffId: number;
  name: string;
  archived: boolean;
}

const schema = new mongoose.Schema<StaffNameDoc>(
  { _id: String, storeId: Number, staffId: Number, name: String, archived: Boolean },
  { versionKey: false, collection: 'staff_names' },
);

/** What we read of scheduling's `staff.updated` event (only what we need, so its other fields may change freely). */
interface StaffUpdated {
  storeId: number;
  staffId: number;
  fname?: string;
  nickname?: string;
  archived?: boolean;
}

const keyOf = (storeId: number, staffId: number) => `${storeId}:${staffId}`;

/**
 * Favourite-staff names for customer answers (`userFname`), a read model fed by scheduling's
 * `staff.updated` events. A name we have not heard of yet is simply left out of the answer.
 */
export class StaffNames {
  private readonly model: Model<StaffNameDoc>;
  /** Per-store names for lists, kept briefly so a search does not pay for a scan every time. */
  private readonly recent = new Map<number, { at: number; names: Map<number, string> }>();

  constructor(db: Connection) {
    this.model = db.model<StaffNameDoc>('StaffName', schema);
  }

  async follow(bus: EventBus): Promise<void> {
    await bus.consume('customers-staff-names', 'evt.staff.*.updated', async (env) => {
      await this.apply(env.data as StaffUpdated);
    });
  }

  async apply(s: StaffUpdated): Promise<void> {
    if (typeof s?.storeId !== 'number' || typeof s.staffId !== 'number') return;
    this.recent.delete(s.storeId);
    const name = s.fname?.trim() || s.nickname?.trim() || '';
    await upsertById(this.model, keyOf(s.storeId, s.staffId), { storeId: s.storeId, staffId: s.staffId, name, archived: !!s.archived });
  }

  /** The favourite's name, if known. String `_id` lookups are the one query FerretDB v1 pushes down. */
  async nameOf(storeId: number, staffId: number | null | undefined): Promise<string | undefined> {
    if (!staffId) return undefined;
    const doc = await this.model.findOne({ _id: keyOf(storeId, staffId) }).lean<StaffNameDoc>();
    return doc?.name || undefined;
  }

  /** Names of all of a store's staff we know, for lists. */
  async namesIn(storeId: number): Promise<Map<number, string>> {
    const hit = this.recent.get(storeId);
    if (hit && Date.now() - hit.at < 30_000) return hit.names;
    const docs = await this.model.find({ storeId }).lean<StaffNameDoc[]>();
    const names = new Map(docs.filter((d) => d.name).map((d) => [d.staffId, d.name]));
    this.recent.set(storeId, { at: Date.now(), names });
    return names;
  }
}
