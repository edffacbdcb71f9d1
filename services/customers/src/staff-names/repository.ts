import mongoose, { type Connection, type Model } from 'mongoose';
import { upsertById } from '@turnbook/service-kit';

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

const keyOf = (storeId: number, staffId: number) => `${storeId}:${staffId}`;

/** How long a store's list of names is reused by this process (a name is only shown, never relied on). */
const NAMES_REUSE_MS = 30_000;

/** Favourite-staff names (`userFname`), a read model of scheduling's staff events. */
export class StaffNameRepository {
  private readonly model: Model<StaffNameDoc>;
  private readonly recent = new Map<number, { at: number; names: Map<number, string> }>();

  constructor(db: Connection) {
    this.model = (db.models.StaffName as Model<StaffNameDoc> | undefined) ?? db.model<StaffNameDoc>('StaffName', schema);
  }

  async save(s: { storeId: number; staffId: number; name: string; archived: boolean }): Promise<void> {
    this.recent.delete(s.storeId);
    await upsertById(this.model, keyOf(s.storeId, s.staffId), s);
  }

  /** Whether scheduling told us of this staff member of the store, not archived. */
  async isCurrent(storeId: number, staffId: number): Promise<boolean> {
    return !!(await this.model.exists({ _id: keyOf(storeId, staffId), archived: false }));
  }

  /** The favourite's name, if known. */
  async nameOf(storeId: number, staffId: number): Promise<string | undefined> {
    const doc = await this.model.findOne({ _id: keyOf(storeId, staffId) }).lean<StaffNameDoc>();
    return doc?.name || undefined;
  }

  /** Names of all of a store's staff we know, for lists. */
  async namesIn(storeId: number): Promise<Map<number, string>> {
    const hit = this.recent.get(storeId);
    if (hit && Date.now() - hit.at < NAMES_REUSE_MS) return hit.names;
    const docs = await this.model.find({ storeId }).lean<StaffNameDoc[]>();
    const names = new Map(docs.filter((d) => d.name).map((d) => [d.staffId, d.name]));
    this.recent.set(storeId, { at: Date.now(), names });
    return names;
  }
}
