import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventData } from '@turnbook/contracts';
import type { CardPolicy } from '@turnbook/domain';

interface CardPolicyCopyDoc {
  /** the store's id */
  _id: number;
  policy: CardPolicy;
}

const schema = new mongoose.Schema<CardPolicyCopyDoc>({ _id: Number, policy: String }, { versionKey: false, collection: 'card_policy_copies' });

/**
 * Each store's card policy as billing last announced it (billing.card_policy_changed): what online requests
 * must hold (docs/product/deposits.md). A store billing never announced holds cards for groups only.
 */
export class CardPolicyCopies {
  readonly model: Model<CardPolicyCopyDoc>;

  constructor(db: Connection) {
    this.model = (db.models.CardPolicyCopy as Model<CardPolicyCopyDoc> | undefined) ?? db.model<CardPolicyCopyDoc>('CardPolicyCopy', schema);
  }

  async of(storeId: number): Promise<CardPolicy> {
    const doc = await this.model.findOne({ _id: storeId }, { policy: 1 }).lean<CardPolicyCopyDoc>();
    return doc?.policy ?? 'groups';
  }

  /** The consumer's write: the event's policy (a redelivery writes the same). */
  async apply(e: EventData<'billing.card_policy_changed'>): Promise<void> {
    await this.model.updateOne({ _id: e.storeId }, { $set: { policy: e.policy } }, { upsert: true });
  }
}
