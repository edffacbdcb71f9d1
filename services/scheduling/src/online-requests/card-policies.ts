import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventEnvelope, EventData } from '@turnbook/contracts';
import type { CardPolicy } from '@turnbook/domain';
import { upsertById } from '@turnbook/service-kit';
import type { ConfigStamps } from '../store-config/config-read-model';

interface CardPolicyCopyDoc {
  /** the store's id */
  _id: number;
  policy: CardPolicy;
  /** the announcing event's time and order (a copy written by the release before has neither) */
  at?: string;
  seq?: number;
}

const schema = new mongoose.Schema<CardPolicyCopyDoc>({ _id: Number, policy: String, at: String, seq: Number }, { versionKey: false, collection: 'card_policy_copies' });

/**
 * Each store's card policy as billing last announced it (billing.card_policy_changed): what online requests
 * must hold (docs/product/deposits.md). A store billing never announced holds cards for groups only.
 *
 * Online requests read it from the store's config copy (../store-config), not from here: a change touches
 * the store's config stamp after it is written, so every instance's next read loads the new policy.
 */
export class CardPolicyCopies {
  readonly model: Model<CardPolicyCopyDoc>;

  constructor(db: Connection, private readonly stamps: Pick<ConfigStamps, 'touch'>) {
    this.model = (db.models.CardPolicyCopy as Model<CardPolicyCopyDoc> | undefined) ?? db.model<CardPolicyCopyDoc>('CardPolicyCopy', schema);
  }

  /** The copy itself (the store's config copy loads it). */
  async of(storeId: number): Promise<CardPolicy> {
    const doc = await this.model.findOne({ _id: storeId }, { policy: 1 }).lean<CardPolicyCopyDoc>();
    return doc?.policy ?? 'groups';
  }

  /**
   * The consumer's write: the event's policy unless a later one is already kept (its consumer replays the
   * stream when first created, and a redelivery may come late), then the config stamp, so no instance keeps
   * answering from a copy made before it.
   */
  async apply(env: Pick<EventEnvelope<EventData<'billing.card_policy_changed'>>, 'data' | 'occurredAt' | 'seq'>): Promise<void> {
    const { storeId, policy } = env.data;
    const seen = await this.model.findById(storeId, { at: 1, seq: 1 }).lean<CardPolicyCopyDoc>();
    const later = seen?.at && (seen.at > env.occurredAt || (seen.at === env.occurredAt && (seen.seq ?? 0) > (env.seq ?? 0)));
    if (!later) await upsertById(this.model, storeId, { policy, at: env.occurredAt, seq: env.seq ?? 0 });
    await this.stamps.touch(storeId);
  }
}
