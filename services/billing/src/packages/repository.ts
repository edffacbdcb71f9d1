import mongoose, { type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '@turnbook/service-kit';
import type { CardRef } from '../stripe/gateway';

/** A store's subscription as we keep it: from subscribe's answers and the provider's webhook events. */
export interface SubscriptionDoc {
  /** the store's id */
  _id: number;
  customerId: string;
  subscriptionId: string | null;
  /** the plan's price id at the provider */
  priceId: string | null;
  status: string;
  periodStart: number | null;
  periodEnd: number | null;
  /**
   * When the subscription state we hold was true at the provider (unix seconds: the webhook event's
   * `created`, or the moment subscribe answered). An older event never overwrites it.
   */
  stateAt: number;
  cards: CardRef[];
  defaultSource: string | null;
  /** counts changes of the default card (a fresh idempotency key for each) */
  sourceVersion: number;
  /** when the default card was last set (unix seconds), for webhook ordering */
  sourceAt: number;
}

const schema = new mongoose.Schema<SubscriptionDoc>(
  {
    _id: Number,
    customerId: { type: String, index: true },
    subscriptionId: { type: String, index: true },
    priceId: String,
    status: String,
    periodStart: Number,
    periodEnd: Number,
    stateAt: Number,
    cards: mongoose.Schema.Types.Mixed,
    defaultSource: String,
    sourceVersion: Number,
    sourceAt: Number,
  },
  { versionKey: false, collection: 'subscriptions' },
);

export type SubscriptionState = Pick<SubscriptionDoc, 'subscriptionId' | 'priceId' | 'status' | 'periodStart' | 'periodEnd' | 'stateAt'>;

export class SubscriptionsRepository {
  readonly model: Model<SubscriptionDoc>;

  constructor(db: Connection) {
    this.model = (db.models.BillingSubscription as Model<SubscriptionDoc> | undefined) ?? db.model<SubscriptionDoc>('BillingSubscription', schema);
  }

  byStore(storeId: number): Promise<SubscriptionDoc | null> {
    return this.model.findOne({ _id: storeId }).lean<SubscriptionDoc>();
  }

  async all(): Promise<SubscriptionDoc[]> {
    return this.model.find({}).lean<SubscriptionDoc[]>();
  }

  /** The store whose customer or subscription this is at the provider. */
  async storeOf(ref: { customerId?: string | null; subscriptionId?: string | null }): Promise<number | null> {
    const bySub = ref.subscriptionId ? await this.model.findOne({ subscriptionId: ref.subscriptionId }, { _id: 1 }).lean<{ _id: number }>() : null;
    if (bySub) return bySub._id;
    const byCustomer = ref.customerId ? await this.model.findOne({ customerId: ref.customerId }, { _id: 1 }).lean<{ _id: number }>() : null;
    return byCustomer?._id ?? null;
  }

  /** The customer of a store at the provider, created with its first card. */
  async saveCustomer(storeId: number, customerId: string, card: CardRef, at: number): Promise<SubscriptionDoc> {
    const found = await this.byStore(storeId);
    const cards = [...(found?.cards ?? []).filter((c) => c.id !== card.id), card];
    const set = { customerId, cards, defaultSource: card.id, sourceAt: at, sourceVersion: (found?.sourceVersion ?? 0) + 1 };
    if (found) await this.model.updateOne({ _id: storeId }, { $set: set });
    else {
      try {
        await this.model.create({ _id: storeId, subscriptionId: null, priceId: null, status: 'incomplete', periodStart: null, periodEnd: null, stateAt: 0, ...set });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        await this.model.updateOne({ _id: storeId }, { $set: set });
      }
    }
    return (await this.byStore(storeId))!;
  }

  /** Keeps one more card of the store's customer (a card saved through a SetupIntent). */
  async addCard(storeId: number, card: CardRef): Promise<void> {
    const found = await this.byStore(storeId);
    if (!found) return;
    await this.model.updateOne({ _id: storeId }, { $set: { cards: [...found.cards.filter((c) => c.id !== card.id), card] } });
  }

  /** Keeps a store's customer id (made before a declined card) so the next attempt reuses it. */
  async rememberCustomer(storeId: number, customerId: string): Promise<void> {
    const found = await this.byStore(storeId);
    if (found) {
      if (found.customerId !== customerId) await this.model.updateOne({ _id: storeId }, { $set: { customerId } });
      return;
    }
    try {
      await this.model.create({ _id: storeId, customerId, subscriptionId: null, priceId: null, status: 'incomplete', periodStart: null, periodEnd: null, stateAt: 0, cards: [], defaultSource: null, sourceVersion: 0, sourceAt: 0 });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /**
   * Applies a subscription state if it is not older than the one held (by `stateAt`); answers whether it
   * was applied. A read-then-write: one consumer at a time writes a store's subscription (subscribe holds
   * the store's own request, the webhook's events come one by one).
   */
  async applyState(storeId: number, state: SubscriptionState): Promise<boolean> {
    const found = await this.byStore(storeId);
    if (!found) return false;
    if (found.stateAt > state.stateAt) return false;
    await this.model.updateOne({ _id: storeId }, { $set: state });
    return true;
  }

  async applyDefaultSource(storeId: number, source: string | null, at: number): Promise<boolean> {
    const found = await this.byStore(storeId);
    if (!found || found.sourceAt > at) return false;
    await this.model.updateOne({ _id: storeId }, { $set: { defaultSource: source, sourceAt: at } });
    return true;
  }

  async setDefaultSource(storeId: number, source: string, at: number, version: number): Promise<void> {
    await this.model.updateOne({ _id: storeId }, { $set: { defaultSource: source, sourceAt: at, sourceVersion: version } });
  }
}
