import mongoose, { type Connection, type Model } from 'mongoose';
import { isDuplicateKey, pendingEvents, pendingEventsFields, type EventBus } from '@turnbook/service-kit';
import { smsReceivedEvent } from './events';

/** A text a customer sent to a store's number (Twilio's inbound webhook). */
export interface InboundDoc {
  /** Twilio's MessageSid: a webhook Twilio sends again is kept once */
  _id: string;
  storeId: number;
  /** the sender, 10 digits */
  from: string;
  /** the number it was sent to, as Twilio says it */
  to: string;
  body: string;
  receivedAt: Date;
}

const schema = new mongoose.Schema<InboundDoc>(
  { _id: String, storeId: Number, from: String, to: String, body: String, receivedAt: Date, ...pendingEventsFields },
  { versionKey: false },
);
schema.index({ storeId: 1, receivedAt: -1 });

export class InboxRepository {
  readonly model: Model<InboundDoc>;

  constructor(db: Connection, private readonly bus: EventBus) {
    this.model = db.model<InboundDoc>('SmsInbound', schema, 'sms_inbound');
  }

  async init(): Promise<void> {
    await this.model.init();
    this.bus.track(this.model);
  }

  /** Keeps a reply with its sms.received event (the inbox refetches); false when Twilio sent it before. */
  async receive(doc: InboundDoc): Promise<boolean> {
    const received = smsReceivedEvent(this.bus, doc);
    try {
      await this.model.collection.insertOne({ ...doc, ...pendingEvents(received) } as never);
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
    await this.bus.flush(this.model, doc._id);
    return true;
  }

  latest(storeId: number, limit = 500): Promise<InboundDoc[]> {
    return this.model.find({ storeId }, { _pendingEvents: 0, _hasPending: 0 }).sort({ receivedAt: -1 }).limit(limit).lean<InboundDoc[]>();
  }
}
