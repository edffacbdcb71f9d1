import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '@turnbook/service-kit';

export type EmailKind = 'verification' | 'password_reset' | 'staff_invitation' | 'email_change' | 'email_change_notice' | 'online_request' | 'store_request';

export interface SentEmail {
  /** The event that asked for the email; unique, so one event sends at most one email. */
  eventId: string;
  kind: EmailKind;
  /** The account mailed; null for an invitation (the address may have no account yet). */
  userId: number | null;
  to: string;
  subject: string;
  status: 'sending' | 'sent';
  /** Identifies the delivery attempt holding the claim, so only it can finish or release it. */
  claimToken: string;
  claimedAt: Date;
  sentAt?: Date;
  messageId?: string;
}

const schema = new mongoose.Schema<SentEmail>(
  {
    eventId: { type: String, required: true, unique: true },
    kind: { type: String, required: true },
    userId: { type: Number, default: null },
    to: { type: String, required: true },
    subject: { type: String, required: true },
    status: { type: String, required: true },
    claimToken: { type: String, required: true },
    claimedAt: { type: Date, required: true },
    sentAt: Date,
    messageId: String,
  },
  { versionKey: false },
);

export type ClaimResult = { outcome: 'claimed'; token: string } | { outcome: 'sent' } | { outcome: 'busy' };

/**
 * sent_emails: one document per event. A delivery first claims the event (the unique eventId decides
 * between concurrent deliveries; findOneAndUpdate is not atomic on FerretDB), sends, then marks it sent.
 */
export class SentEmailsRepository {
  readonly model: Model<SentEmail>;

  constructor(
    db: Connection,
    /** A claim older than this belongs to a delivery that died mid-send (SMTP timeouts are far shorter). */
    private readonly staleAfterMs = 2 * 60_000,
  ) {
    this.model = db.model<SentEmail>('SentEmail', schema, 'sent_emails');
  }

  /** The unique index must exist before the first claim, or it guarantees nothing. */
  async init(): Promise<void> {
    await this.model.init();
  }

  async claim(rec: Pick<SentEmail, 'eventId' | 'kind' | 'userId' | 'to' | 'subject'>): Promise<ClaimResult> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = randomUUID();
      try {
        await this.model.create({ ...rec, status: 'sending', claimToken: token, claimedAt: new Date() });
        return { outcome: 'claimed', token };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const existing = await this.model.findOne({ eventId: rec.eventId }).lean();
      if (!existing) continue; // released meanwhile: claim again
      if (existing.status === 'sent') return { outcome: 'sent' };
      if (Date.now() - existing.claimedAt.getTime() < this.staleAfterMs) return { outcome: 'busy' };
      // Stale claim: take it over. Only the delivery whose insert wins the unique index goes on.
      await this.model.deleteOne({ eventId: rec.eventId, claimToken: existing.claimToken });
    }
    return { outcome: 'busy' };
  }

  async markSent(eventId: string, token: string, messageId: string | undefined): Promise<void> {
    await this.model.updateOne(
      { eventId, claimToken: token },
      { $set: { status: 'sent', sentAt: new Date(), ...(messageId ? { messageId } : {}) } },
    );
  }

  /** Gives the event back (the send failed), so its redelivery can try again. */
  async release(eventId: string, token: string): Promise<void> {
    await this.model.deleteOne({ eventId, claimToken: token, status: 'sending' });
  }

  findByEventId(eventId: string) {
    return this.model.findOne({ eventId }).lean();
  }
}
