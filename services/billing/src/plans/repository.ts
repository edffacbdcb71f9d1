import mongoose, { type Connection, type Model } from 'mongoose';
import { upsertById } from '@turnbook/service-kit';

export interface PlanDoc {
  /** our key ('standard') */
  _id: string;
  name: string;
  /** cents per month */
  price: number;
  sort: number;
  productId: string | null;
  priceId: string | null;
}

const schema = new mongoose.Schema<PlanDoc>(
  { _id: String, name: String, price: Number, sort: Number, productId: String, priceId: String },
  { versionKey: false, collection: 'plans' },
);

export class PlansRepository {
  readonly model: Model<PlanDoc>;

  constructor(db: Connection) {
    this.model = (db.models.BillingPlan as Model<PlanDoc> | undefined) ?? db.model<PlanDoc>('BillingPlan', schema);
  }

  async all(): Promise<PlanDoc[]> {
    return (await this.model.find({}).lean<PlanDoc[]>()).sort((a, b) => a.sort - b.sort);
  }

  /** A plan by the id screens send back (`packageId`: the provider's price id) or by our key. */
  async byPackageId(packageId: string): Promise<PlanDoc | null> {
    return (await this.model.findOne({ priceId: packageId }).lean<PlanDoc>()) ?? (await this.model.findOne({ _id: packageId }).lean<PlanDoc>());
  }

  async byPriceId(priceId: string): Promise<PlanDoc | null> {
    return this.model.findOne({ priceId }).lean<PlanDoc>();
  }

  async seed(plan: { key: string; name: string; price: number; sort: number }): Promise<PlanDoc> {
    const found = await this.model.findOne({ _id: plan.key }).lean<PlanDoc>();
    if (found && found.name === plan.name && found.price === plan.price && found.sort === plan.sort) return found;
    // A changed price is a new price at the provider: the old id no longer names it.
    const keepIds = found && found.price === plan.price;
    await upsertById(this.model, plan.key, {
      name: plan.name, price: plan.price, sort: plan.sort, productId: keepIds ? found.productId : null, priceId: keepIds ? found.priceId : null,
    });
    return (await this.model.findOne({ _id: plan.key }).lean<PlanDoc>())!;
  }

  async setProviderIds(key: string, ids: { productId: string; priceId: string }): Promise<void> {
    await this.model.updateOne({ _id: key }, { $set: ids });
  }
}
