import mongoose, { type Connection, type Model } from 'mongoose';
import type { JsonWebKey } from 'node:crypto';
import { isDuplicateKey } from '@turnbook/service-kit';

export interface SigningKeyDoc {
  _id: string; // the kid
  privatePem: string;
  publicJwk: JsonWebKey;
  createdAt: Date;
}

const schema = new mongoose.Schema<SigningKeyDoc>(
  { _id: String, privatePem: String, publicJwk: mongoose.Schema.Types.Mixed, createdAt: Date },
  { versionKey: false },
);

export class SigningKeysRepository {
  private readonly model: Model<SigningKeyDoc>;

  constructor(db: Connection) {
    this.model = db.model<SigningKeyDoc>('SigningKey', schema, 'signing_keys');
  }

  /** Oldest first: every instance picks the same signer, whichever created it. */
  all(): Promise<SigningKeyDoc[]> {
    return this.model.find({}).sort({ createdAt: 1, _id: 1 }).lean<SigningKeyDoc[]>();
  }

  findById(kid: string): Promise<SigningKeyDoc | null> {
    return this.model.findOne({ _id: kid }).lean<SigningKeyDoc>();
  }

  /** False when a key with this id exists already (another instance won the race). */
  async insert(doc: SigningKeyDoc): Promise<boolean> {
    try {
      await this.model.create(doc);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }
}
