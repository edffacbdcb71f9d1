import mongoose, { type Connection, type Model } from 'mongoose';
import { AppError } from './errors';

/** 429 that says when to try again: in the message, as `retryAfter` seconds in the body, and as Retry-After. */
export class RateLimitedError extends AppError {
  override readonly headers: Record<string, string>;

  constructor(readonly retryAfterSeconds: number, what: string) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super('rateLimited', `${what} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }

  override toBody() {
    return { ...super.toBody(), retryAfter: this.retryAfterSeconds };
  }
}

/** One counted call under each of its keys (e.g. `book:ip:203.0.113.9`, `book:phone:2155550100`). */
interface CountedCall {
  keys: string[];
  at: Date;
}

const schema = new mongoose.Schema<CountedCall>({ keys: [String], at: Date }, { versionKey: false });
schema.index({ keys: 1, at: 1 });

/** A limit on one key: at most `limit` calls in the limiter's window. */
export type Limit = [key: string, limit: number];

/**
 * Limits calls anyone can make without a token (guest booking, public lookups), per client address, per
 * phone, per store, with the counts in the service's database so every instance enforces the same limits.
 * A call is recorded before it is counted, so of many parallel calls at most the limit pass; a refused call
 * is taken back, so waiting out the window is enough. Each call is one inserted document: an insert is
 * atomic where an increment on FerretDB is not.
 */
export class RequestLimiter {
  private readonly model: Model<CountedCall>;

  constructor(
    db: Connection,
    private readonly windowSeconds: number,
    collection = 'request_limits',
  ) {
    const name = `RequestLimit_${collection}`;
    this.model = (db.models[name] as Model<CountedCall> | undefined) ?? db.model<CountedCall>(name, schema, collection);
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  /** Counts one call under every key; throws RateLimitedError (`what` + the wait) when any key is over. */
  async take(limits: Limit[], what: string): Promise<void> {
    if (!limits.length) return;
    const now = new Date();
    const since = new Date(now.getTime() - this.windowSeconds * 1000);
    const own = await this.model.create({ keys: limits.map(([key]) => key), at: now });
    const counts = await Promise.all(limits.map(([key]) => this.model.countDocuments({ keys: key, at: { $gte: since } })));
    const over = limits.filter(([, limit], i) => counts[i] > limit);
    if (!over.length) {
      // Old calls go as new ones come in; one call in twenty is enough to keep the collection small.
      if (Math.random() < 0.05) await this.model.deleteMany({ at: { $lt: since } });
      return;
    }
    await this.model.deleteOne({ _id: own._id });
    const waits = await Promise.all(over.map(([key, limit]) => this.waitFor(key, limit, since, now)));
    throw new RateLimitedError(Math.max(...waits), what);
  }

  /** Seconds until enough of the key's calls leave the window for one more to pass. */
  private async waitFor(key: string, limit: number, since: Date, now: Date): Promise<number> {
    const [freeing] = await this.model.find({ keys: key, at: { $gte: since } }, { at: 1 }).sort({ at: -1 }).skip(Math.max(0, limit - 1)).limit(1).lean();
    const at = freeing?.at ?? now;
    return Math.max(1, Math.ceil((at.getTime() + this.windowSeconds * 1000 - now.getTime()) / 1000));
  }
}

/** The key of a client address; an unknown address is one key of its own rather than no limit. */
export const addressKey = (scope: string, ip: string | undefined) => `${scope}:ip:${ip || 'unknown'}`;
