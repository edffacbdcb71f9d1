import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';

export type AttemptState = 'pending' | 'failed' | 'forgiven';

/** One sign-in attempt: pending while its password is checked, then failed (or gone when it succeeded). */
export interface AttemptDoc {
  _id: string;
  account: string;
  ip: string;
  at: Date;
  state: AttemptState;
}

export type AttemptFilter = { account?: string; ip?: string; states: AttemptState[] };

const schema = new mongoose.Schema<AttemptDoc>(
  { _id: String, account: String, ip: String, at: Date, state: String },
  { versionKey: false },
);
schema.index({ account: 1, at: 1 });
schema.index({ ip: 1, at: 1 });

/**
 * Sign-in attempts in identity's database, shared by every instance. Only inserts, counts and deletes:
 * no read-modify-write that would need an atomic update (FerretDB has none).
 */
export class SignInAttemptsRepository {
  private readonly model: Model<AttemptDoc>;

  constructor(db: Connection) {
    this.model = db.model<AttemptDoc>('SignInAttempt', schema, 'sign_in_attempts');
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  async insertPending(account: string, ip: string, at: Date): Promise<string> {
    const _id = randomUUID();
    await this.model.create({ _id, account, ip, at, state: 'pending' });
    return _id;
  }

  count(filter: AttemptFilter, since: Date): Promise<number> {
    return this.model.countDocuments(this.query(filter, since));
  }

  /**
   * The address and state of an account's attempts since `since` in `states`: both per-account limits are
   * counted from this one read (FerretDB reads the account's documents for a count anyway).
   */
  ofAccount(account: string, states: AttemptState[], since: Date): Promise<Array<{ ip: string; state: AttemptState }>> {
    return this.model.find(this.query({ account, states }, since), { _id: 0, ip: 1, state: 1 }).lean<Array<{ ip: string; state: AttemptState }>>();
  }

  /** Times of the attempts matching `filter` since `since`, oldest first, other than `except`. */
  async times(filter: AttemptFilter, since: Date, except: string): Promise<Date[]> {
    const docs = await this.model.find({ ...this.query(filter, since), _id: { $ne: except } }, { at: 1 }).sort({ at: 1 }).lean<Array<{ at: Date }>>();
    return docs.map((d) => d.at);
  }

  async setState(id: string, state: AttemptState): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { state } });
  }

  async remove(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id });
  }

  /** The account's failures stop counting against the account (they still count against their address). */
  async forgive(account: string): Promise<void> {
    await this.model.updateMany({ account, state: 'failed' }, { $set: { state: 'forgiven' } });
  }

  async removeOlderThan(before: Date): Promise<void> {
    await this.model.deleteMany({ at: { $lt: before } });
  }

  private query(filter: AttemptFilter, since: Date) {
    return {
      ...(filter.account !== undefined ? { account: filter.account } : {}),
      ...(filter.ip !== undefined ? { ip: filter.ip } : {}),
      state: { $in: filter.states },
      at: { $gte: since },
    };
  }
}
