import mongoose, { type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '@turnbook/service-kit';

export type LinkPurpose = 'verify' | 'reset' | 'email';

export interface LinkDoc {
  /** sha256 of the secret in the link: a database leak does not give working links. */
  _id: string;
  userId: number;
  purpose: LinkPurpose;
  /** An email change: the new address, which the link proves. */
  email?: string;
  expiresAt: Date;
  createdAt: Date;
}

/**
 * A mail an event asked messaging to send, with its link: kept here so the secret never travels in the
 * long-lived event stream. Messaging fetches it by id; it expires within a day, or with its link.
 */
export interface MailDoc {
  _id: string;
  userId: number;
  url: string;
  expiresAt: Date;
}

const linkSchema = new mongoose.Schema<LinkDoc>(
  { _id: String, userId: { type: Number, index: true }, purpose: String, email: String, expiresAt: Date, createdAt: Date },
  { versionKey: false },
);
const mailSchema = new mongoose.Schema<MailDoc>({ _id: String, userId: { type: Number, index: true }, url: String, expiresAt: Date }, { versionKey: false });
const useSchema = new mongoose.Schema<{ _id: string; at: Date }>({ _id: String, at: Date }, { versionKey: false });

/** Verification and reset links: stored by digest, expiring, used once. */
export class LinksRepository {
  private readonly links: Model<LinkDoc>;
  private readonly uses: Model<{ _id: string; at: Date }>;
  private readonly mails: Model<MailDoc>;

  constructor(db: Connection) {
    this.links = db.model<LinkDoc>('OneTimeLink', linkSchema, 'one_time_links');
    this.uses = db.model<{ _id: string; at: Date }>('OneTimeLinkUse', useSchema, 'one_time_link_uses');
    this.mails = db.model<MailDoc>('LinkMail', mailSchema, 'link_mails');
  }

  async insert(link: LinkDoc): Promise<void> {
    // No TTL indexes on FerretDB: expired links are swept whenever a new one is made.
    await this.links.deleteMany({ expiresAt: { $lt: new Date(Date.now() - 24 * 3600_000) } });
    await this.links.create(link);
  }

  find(digest: string): Promise<LinkDoc | null> {
    return this.links.findOne({ _id: digest }).lean<LinkDoc>();
  }

  async isUsed(digest: string): Promise<boolean> {
    return (await this.uses.exists({ _id: digest })) != null;
  }

  /**
   * Marks a link used. The unique _id of the use record is what makes a link single-use even when two
   * requests race (updates are not atomic on FerretDB, inserts into a unique index are). False if it
   * was used already.
   */
  async markUsed(digest: string): Promise<boolean> {
    try {
      await this.uses.create({ _id: digest, at: new Date() });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** Removes every other outstanding link of this purpose (e.g. older reset links after a reset), or of every purpose. */
  async removeAll(userId: number, purpose?: LinkPurpose): Promise<void> {
    await this.links.deleteMany(purpose ? { userId, purpose } : { userId });
    if (!purpose) await this.mails.deleteMany({ userId });
  }

  async insertMail(mail: MailDoc): Promise<void> {
    await this.mails.deleteMany({ expiresAt: { $lt: new Date() } });
    await this.mails.create(mail);
  }

  findMail(id: string): Promise<MailDoc | null> {
    return this.mails.findOne({ _id: id, expiresAt: { $gt: new Date() } }).lean<MailDoc>();
  }
}
