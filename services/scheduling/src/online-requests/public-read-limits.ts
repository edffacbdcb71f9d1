import mongoose, { type Connection, type Model } from 'mongoose';
import { MESSAGES, type RouteKey } from '@turnbook/contracts';
import { addressKey, isDuplicateKey, RateLimitedError, type Handlers } from '@turnbook/service-kit';

/** The booking page's reads: open to anyone, so counted per client address (docs/product/guest-booking.md). */
export const PUBLIC_READS = [
  'GET public_getStoreByPermalink/{permalink}',
  'GET public_getStaffsByStoreId/{storeId}',
  'GET public_getExternalServicesByStoreId/{storeId}',
  'GET public_getAppointmentsByStoreIdAndDate/{storeId}/{date}',
  'GET availability/{storeId}/{date}',
] as const satisfies readonly RouteKey[];

interface WindowCount {
  _id: string;
  n: number;
  /** when the window ends (old windows are removed after it) */
  until: Date;
}
const schema = new mongoose.Schema<WindowCount>({ _id: String, n: Number, until: Date }, { versionKey: false });
schema.index({ until: 1 });

/**
 * Reads per key in fixed windows, one counter document per key and window in the database (every
 * instance counts the same calls): one write per read, whatever the count, where the write limiter's
 * one-document-per-call would grow with the traffic it watches. Two reads racing on a new window may
 * count once; an abuse limit can live with that.
 */
export class ReadCounter {
  private readonly model: Model<WindowCount>;
  constructor(db: Connection, private readonly windowSeconds: number) {
    this.model = (db.models.PublicReadCount as Model<WindowCount> | undefined) ?? db.model<WindowCount>('PublicReadCount', schema, 'public_read_limits');
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  async take(key: string, limit: number, now = Date.now()): Promise<void> {
    const windowMs = this.windowSeconds * 1000;
    const until = new Date((Math.floor(now / windowMs) + 1) * windowMs);
    const _id = `${key}:${until.getTime()}`;
    const bump = () => this.model.findOneAndUpdate({ _id }, { $inc: { n: 1 }, $setOnInsert: { until } }, { upsert: true, new: true }).lean<WindowCount>();
    const counted = await bump().catch((err) => (isDuplicateKey(err) ? bump() : Promise.reject(err)));
    if (Math.random() < 0.01) await this.model.deleteMany({ until: { $lt: new Date(now) } });
    if ((counted?.n ?? 0) > limit) throw new RateLimitedError(Math.max(1, Math.ceil((until.getTime() - now) / 1000)), MESSAGES.tooManyGuestRequests);
  }
}

/**
 * Wraps the public reads so each call is counted under its client address. The count runs beside the
 * read rather than before it, so a read within the limit waits for nothing more; past the limit the answer
 * is 429 `rateLimited` with the wait.
 */
export function limitPublicReads(handlers: Handlers, counter: Pick<ReadCounter, 'take'>, perAddress: number): Handlers {
  const out: Record<string, unknown> = { ...handlers };
  for (const key of PUBLIC_READS) {
    const read = handlers[key] as ((input: { ip?: string }) => Promise<unknown>) | undefined;
    if (!read) continue;
    out[key] = async (input: { ip?: string }) => {
      const [, answer] = await Promise.all([counter.take(addressKey('read', input.ip), perAddress), read(input)]);
      return answer;
    };
  }
  return out as Handlers;
}
