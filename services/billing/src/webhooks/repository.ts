import mongoose, { type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '@turnbook/service-kit';

interface WebhookEventDoc {
  /** the provider's event id: unique, so an event is applied once */
  _id: string;
  type: string;
  at: Date;
}

const schema = new mongoose.Schema<WebhookEventDoc>({ _id: String, type: String, at: Date }, { versionKey: false, collection: 'webhook_events' });

/** Stripe events already applied (Stripe delivers at least once and retries). */
export class WebhookEventsRepository {
  readonly model: Model<WebhookEventDoc>;

  constructor(db: Connection) {
    this.model = (db.models.BillingWebhookEvent as Model<WebhookEventDoc> | undefined) ?? db.model<WebhookEventDoc>('BillingWebhookEvent', schema);
  }

  async seen(id: string): Promise<boolean> {
    return (await this.model.exists({ _id: id })) !== null;
  }

  /** Notes an event as applied; answers false when another delivery noted it first. */
  async note(id: string, type: string): Promise<boolean> {
    try {
      await this.model.create({ _id: id, type, at: new Date() });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }
}
