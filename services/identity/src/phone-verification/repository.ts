import mongoose, { type Connection, type Model } from 'mongoose';

/** The one live code of a user (a new request replaces it). Only its hash is kept. */
export interface PhoneCodeDoc {
  _id: number; // the user id
  phone: string;
  salt: string;
  codeHash: string;
  tries: number;
  expiresAt: Date;
}

/** One code request, kept for the rate limit's window (FerretDB has no TTL index: old ones are deleted as we go). */
interface PhoneCodeRequest {
  key: string;
  at: Date;
}

const codeSchema = new mongoose.Schema<PhoneCodeDoc>(
  { _id: Number, phone: String, salt: String, codeHash: String, tries: { type: Number, default: 0 }, expiresAt: Date },
  { versionKey: false },
);
codeSchema.index({ expiresAt: 1 });

const requestSchema = new mongoose.Schema<PhoneCodeRequest>({ key: String, at: Date }, { versionKey: false });
requestSchema.index({ key: 1, at: -1 });
requestSchema.index({ at: 1 });

/** phone_codes and phone_code_requests: the only database access of phone verification. */
export class PhoneCodesRepository {
  private readonly codes: Model<PhoneCodeDoc>;
  private readonly requests: Model<PhoneCodeRequest>;

  constructor(db: Connection) {
    this.codes = db.model<PhoneCodeDoc>('PhoneCode', codeSchema, 'phone_codes');
    this.requests = db.model<PhoneCodeRequest>('PhoneCodeRequest', requestSchema, 'phone_code_requests');
  }

  async init(): Promise<void> {
    await Promise.all([this.codes.syncIndexes(), this.requests.syncIndexes()]);
  }

  /**
   * Counts a request under each key and answers how many each key had in the window, this one included.
   * Counting in the database makes the limit hold across every instance.
   */
  async countRequest(keys: string[], windowMs: number): Promise<number[]> {
    const at = new Date();
    await this.requests.insertMany(keys.map((key) => ({ key, at })));
    const since = new Date(at.getTime() - windowMs);
    await this.requests.deleteMany({ at: { $lte: since } });
    return Promise.all(keys.map((key) => this.requests.countDocuments({ key, at: { $gt: since } })));
  }

  async replace(code: PhoneCodeDoc): Promise<void> {
    await this.codes.deleteMany({ expiresAt: { $lte: new Date() } });
    await this.codes.replaceOne({ _id: code._id }, code, { upsert: true });
  }

  find(userId: number): Promise<PhoneCodeDoc | null> {
    return this.codes.findOne({ _id: userId }).lean<PhoneCodeDoc>();
  }

  /** Uses up one try of this very code; false when none is left (or the code was replaced meanwhile). */
  async takeTry(code: PhoneCodeDoc, maxTries: number): Promise<boolean> {
    const res = await this.codes.updateOne({ _id: code._id, codeHash: code.codeHash, tries: { $lt: maxTries } }, { $inc: { tries: 1 } });
    return res.modifiedCount === 1;
  }

  async remove(userId: number): Promise<void> {
    await this.codes.deleteOne({ _id: userId });
  }
}
