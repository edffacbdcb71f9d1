import mongoose, { type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '@turnbook/service-kit';

/** One checked-in sheet counted as a visit: its `_id` (`store/sheet`) makes the count happen once. */
interface VisitDoc {
  _id: string;
  customerId: number;
  state: 'counting' | 'counted';
  at: Date;
}

const schema = new mongoose.Schema<VisitDoc>({ _id: String, customerId: Number, state: String, at: Date }, { versionKey: false });

export class VisitRepository {
  private readonly model: Model<VisitDoc>;

  constructor(db: Connection) {
    this.model = (db.models.CustomerVisit as Model<VisitDoc> | undefined) ?? db.model<VisitDoc>('CustomerVisit', schema, 'customer_visits');
  }

  async init(): Promise<void> {
    await this.model.init();
  }

  /**
   * Claims a sheet's visit: true when it is still to count (new, or a count a stopped process left
   * half-way), false when it was counted already.
   */
  async claim(storeId: number, sheetId: number, customerId: number): Promise<boolean> {
    const _id = `${storeId}/${sheetId}`;
    try {
      await this.model.create({ _id, customerId, state: 'counting', at: new Date() });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const held = await this.model.findById(_id).lean<VisitDoc>();
      return held?.state === 'counting';
    }
  }

  async done(storeId: number, sheetId: number): Promise<void> {
    await this.model.updateOne({ _id: `${storeId}/${sheetId}` }, { $set: { state: 'counted' } });
  }
}
