import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventEnvelope, EventData } from '@turnbook/contracts';
import { upsertById } from '@turnbook/service-kit';
import { isRealStaff } from '@turnbook/domain';

export interface StaffDoc {
  _id: string;
  storeId: number;
  staffId: number;
  role: string;
  archived: boolean;
  fname: string;
  lname: string;
  nickname: string;
  at: string;
  seq: number;
}

const schema = new mongoose.Schema<StaffDoc>(
  { _id: String, storeId: { type: Number, index: true }, staffId: Number, role: String, archived: Boolean, fname: String, lname: String, nickname: String, at: String, seq: Number },
  { versionKey: false, collection: 'staff' },
);

/** A store's staff as scheduling's staff.updated events tell them (the free tier and the terminal's names). */
export class StaffRepository {
  readonly model: Model<StaffDoc>;

  constructor(db: Connection) {
    this.model = (db.models.BillingStaff as Model<StaffDoc> | undefined) ?? db.model<StaffDoc>('BillingStaff', schema);
  }

  /** Keeps the newest state of each staff member; answers whether anything changed. */
  async apply(env: EventEnvelope<EventData<'staff.updated'>>): Promise<boolean> {
    const s = env.data;
    const _id = `${s.storeId}:${s.staffId}`;
    const seen = await this.model.findOne({ _id }, { at: 1, seq: 1 }).lean<{ at?: string; seq?: number }>();
    if (seen?.at && (seen.at > env.occurredAt || (seen.at === env.occurredAt && (seen.seq ?? 0) > (env.seq ?? 0)))) return false;
    await upsertById(this.model, _id, {
      storeId: s.storeId, staffId: s.staffId, role: s.role, archived: s.archived, fname: s.fname, lname: s.lname, nickname: s.nickname,
      at: env.occurredAt, seq: env.seq ?? 0,
    });
    return true;
  }

  async ofStore(storeId: number): Promise<StaffDoc[]> {
    return this.model.find({ storeId }).lean<StaffDoc[]>();
  }

  async realCount(storeId: number): Promise<number> {
    return (await this.ofStore(storeId)).filter(isRealStaff).length;
  }
}
