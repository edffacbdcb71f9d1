import mongoose, { type Connection, type Model } from 'mongoose';
import type { CardPolicy } from '@turnbook/domain';
import { pendingEventsFields, type EventBus } from '@turnbook/service-kit';
import { cardPolicyChangedEvent } from './events';

export interface CardPolicyDoc {
  /** the store's id */
  _id: number;
  policy: CardPolicy;
  /** cents; 0 charges none */
  noShowFee: number;
}

const schema = new mongoose.Schema<CardPolicyDoc>({ _id: Number, policy: String, noShowFee: Number, ...pendingEventsFields }, { versionKey: false, collection: 'card_policies' });

/** Each store's card policy and no-show fee; a store that never set them holds cards for groups and charges nothing. */
export class CardPoliciesRepository {
  readonly model: Model<CardPolicyDoc>;

  constructor(db: Connection, private readonly bus: EventBus) {
    this.model = (db.models.CardPolicy as Model<CardPolicyDoc> | undefined) ?? db.model<CardPolicyDoc>('CardPolicy', schema);
    bus.track(this.model);
  }

  async of(storeId: number): Promise<Pick<CardPolicyDoc, 'policy' | 'noShowFee'>> {
    const doc = await this.model.findOne({ _id: storeId }).lean<CardPolicyDoc>();
    return { policy: doc?.policy ?? 'groups', noShowFee: doc?.noShowFee ?? 0 };
  }

  /** Sets them and tells scheduling (billing.card_policy_changed, through the outbox). */
  async set(storeId: number, policy: CardPolicy, noShowFee: number): Promise<void> {
    const env = cardPolicyChangedEvent(this.bus, { storeId, policy, noShowFee });
    await this.model.updateOne({ _id: storeId }, { $set: { policy, noShowFee, ...this.bus.withEvents(env) } }, { upsert: true });
    await this.bus.flush(this.model, storeId);
  }
}
