import mongoose, { type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '@turnbook/service-kit';

/** The one live code of a user (a new request replaces it). Only its hash is kept. */
export interface PhoneCodeDoc {
  _id: number; // the user id
  phone: string;
  salt: string;
  codeHash: string;
  expiresAt: Date;
}

/**
 * One try of one code (`userId:codeHash:n`, n = 1..MAX_TRIES). Inserting it is what takes the try: a unique
 * `_id` holds under parallel guesses, where FerretDB's `$inc` of a counter does not (30 parallel wrong
 * guesses were checked 9 times against a limit of 5).
 */
interface PhoneCodeTry {
  _id: string;
  at: Date;
}

/** One code request, kept for the rate limit's window (FerretDB has no TTL index: old ones are deleted as we go). */
interface PhoneCodeRequest {
  key: string;
  at: Date;
}

const codeSchema = new mongoose.Schema<PhoneCodeDoc>(
  { _id: Number, phone: String, salt: String, codeHash: String, expiresAt: Date },
  { versionKey: false },
);
codeSchema.index({ expiresAt: 1 });

const requestSchema = new mongoose.Schema<PhoneCodeRequest>({ key: String, at: Date }, { versionKey: false });
requestSchema.index({ key: 1, at: -1 });
requestSchema.index({ at: 1 });

const trySchema = new mongoose.Schema<PhoneCodeTry>({ _id: String, at: Date }, { versionKey: false });
trySchema.index({ at: 1 });

/** phone_codes, phone_code_requests and phone_code_tries: the only database access of phone verification. */
export class PhoneCodesRepository {
  private readonly codes: Model<PhoneCodeDoc>;
  private readonly requests: Model<PhoneCodeRequest>;
  private readonly tries: Model<PhoneCodeTry>;

  constructor(db: Connection) {
    this.codes = db.model<PhoneCodeDoc>('PhoneCode', codeSchema, 'phone_codes');
    this.requests = db.model<PhoneCodeRequest>('PhoneCodeRequest', requestSchema, 'phone_code_requests');
    this.tries = db.model<PhoneCodeTry>('PhoneCodeTry', trySchema, 'phone_code_tries');
  }

  async init(): Promise<void> {
    await Promise.all([this.codes.syncIndexes(), this.requests.syncIndexes(), this.tries.syncIndexes()]);
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

  async replace(code: PhoneCodeDoc, ttlMs: number): Promise<void> {
    await this.codes.deleteMany({ expiresAt: { $lte: new Date() } });
    await this.tries.deleteMany({ at: { $lte: new Date(Date.now() - ttlMs) } });
    await this.codes.replaceOne({ _id: code._id }, code, { upsert: true });
  }

  find(userId: number): Promise<PhoneCodeDoc | null> {
    return this.codes.findOne({ _id: userId }).lean<PhoneCodeDoc>();
  }

  /** Uses up one try of this very code: which one (1..maxTries), or null when none is left. */
  async takeTry(code: PhoneCodeDoc, maxTries: number): Promise<number | null> {
    for (let n = 1; n <= maxTries; n++) {
      try {
        await this.tries.create({ _id: `${code._id}:${code.codeHash}:${n}`, at: new Date() });
        return n;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    return null;
  }

  async remove(userId: number): Promise<void> {
    await this.codes.deleteOne({ _id: userId });
  }
}
