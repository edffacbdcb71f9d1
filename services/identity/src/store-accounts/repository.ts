import mongoose, { type Connection, type Model } from 'mongoose';
import { conflict, isDuplicateKey } from '@turnbook/service-kit';

/** A store's own sign-in account (kiosk / front desk tablet). Scheduling creates it with the store. */
export interface StoreAccountDoc {
  _id: number; // the store id
  ownerId: number;
  permalink: string;
  username: string;
  passwordHash: string;
  updatedAt: Date;
}

const schema = new mongoose.Schema<StoreAccountDoc>(
  {
    _id: Number,
    ownerId: { type: Number, index: true },
    permalink: String,
    username: { type: String, required: true, unique: true },
    passwordHash: String,
    updatedAt: Date,
  },
  { versionKey: false },
);

const USERNAME_TAKEN = 'This username is already taken';

export class StoreAccountsRepository {
  private readonly model: Model<StoreAccountDoc>;

  constructor(db: Connection) {
    this.model = db.model<StoreAccountDoc>('StoreAccount', schema, 'store_accounts');
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  findById(storeId: number): Promise<StoreAccountDoc | null> {
    return this.model.findOne({ _id: storeId }).lean<StoreAccountDoc>();
  }

  findByUsername(username: string): Promise<StoreAccountDoc | null> {
    return this.model.findOne({ username }).lean<StoreAccountDoc>();
  }

  /** False when the store has an account already (a concurrent create won). */
  async insert(doc: StoreAccountDoc): Promise<boolean> {
    try {
      await this.model.create(doc);
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      if ((await this.model.exists({ _id: doc._id })) && !(await this.isUsernameTakenByOther(doc.username, doc._id))) return false;
      throw conflict(USERNAME_TAKEN, 'username');
    }
  }

  async update(storeId: number, changes: Partial<Omit<StoreAccountDoc, '_id'>>): Promise<void> {
    try {
      await this.model.updateOne({ _id: storeId }, { $set: { ...changes, updatedAt: new Date() } });
    } catch (err) {
      if (isDuplicateKey(err)) throw conflict(USERNAME_TAKEN, 'username');
      throw err;
    }
  }

  async remove(storeId: number): Promise<void> {
    await this.model.deleteOne({ _id: storeId });
  }

  private async isUsernameTakenByOther(username: string, storeId: number): Promise<boolean> {
    return (await this.model.exists({ username, _id: { $ne: storeId } })) != null;
  }
}
