import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '@turnbook/service-kit';

export interface SentText {
  _id: string;
  to: string;
  /**
   * Kept only by the recording transport (the dev page and tests read it). With Twilio the body stays
   * out of our database: a verification code must not outlive its use.
   */
  body: string | null;
  purpose: string;
  transport: 'twilio' | 'recording';
  providerId: string;
  sentAt: Date;
}

const schema = new mongoose.Schema<SentText>(
  {
    _id: String,
    to: { type: String, required: true },
    body: { type: String, default: null },
    purpose: { type: String, required: true },
    transport: { type: String, required: true },
    providerId: { type: String, required: true },
    sentAt: { type: Date, required: true },
  },
  { versionKey: false },
);
schema.index({ sentAt: -1 });

/** sent_texts: one document per text sent (the only database access of the SMS feature). */
export class SentTextsRepository {
  readonly model: Model<SentText>;

  constructor(db: Connection) {
    this.model = db.model<SentText>('SentText', schema, 'sent_texts');
  }

  async init(): Promise<void> {
    await this.model.init();
  }

  newId(): string {
    return `rec_${randomUUID()}`;
  }

  async record(text: Omit<SentText, '_id' | 'sentAt'>): Promise<SentText> {
    const doc: SentText = { _id: randomUUID(), sentAt: new Date(), ...text };
    await this.model.create(doc);
    return doc;
  }

  /** Keeps a text under its own key; a second call with the same key keeps nothing more. */
  async recordOnce(text: Omit<SentText, 'sentAt'>): Promise<void> {
    try {
      await this.model.create({ ...text, sentAt: new Date() });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  byId(id: string): Promise<SentText | null> {
    return this.model.findById(id).lean<SentText>();
  }

  /** Newest first. */
  latest(limit: number, to?: string): Promise<SentText[]> {
    return this.model.find(to ? { to } : {}).sort({ sentAt: -1 }).limit(limit).lean<SentText[]>();
  }
}
