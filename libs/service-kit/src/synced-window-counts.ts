import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { Logger } from './logger';
import { RateLimitedError, type Limit } from './rate-limit';
import { secondsLeft, windowEnd, WindowStates } from './window-states';

interface InstanceCount {
  /** `<key>:<window end>:<instance>` */
  _id: string;
  /** `<key>:<window end>`: the window the count is in */
  window: string;
  /** calls this instance passed under the key in the window */
  count: number;
  until: Date;
}
const schema = new mongoose.Schema<InstanceCount>({ _id: String, window: String, count: Number, until: Date }, { versionKey: false });
schema.index({ window: 1 });
schema.index({ until: 1 });

interface KeyState {
  window: string;
  until: number;
  /** calls passed here in the window */
  local: number;
  /** `local` as written by the last sync that completed (write, then the others read) */
  shared: number;
  /** the other instances' calls in the window, as last read */
  others: number;
}

export interface SyncedWindowCountsOptions {
  /** how often an instance that passed calls shares its counts and reads the others' (ms) */
  syncMs?: number;
  /** share of a key's limit an instance may pass beyond what it last shared (at least one call) */
  unshared?: number;
  log?: Logger;
}

/** Windows whose others are read at once in one sync (each is one find by equality on FerretDB). */
const READS_AT_ONCE = 20;

/**
 * At most about `limit` calls per key in fixed windows on the clock, shared by every instance, without a
 * database write per call. Each instance counts its calls in memory and, every `syncMs` while it passed
 * any, writes its own count per key and window (one document per instance, key and window: a `$set` of
 * its own total, because FerretDB's `$inc` loses increments under concurrency) and reads the others' documents of
 * those windows. A call passes while its own count plus the others' last read stays under the limit.
 *
 * An instance passes at most `unshared x limit` (at least 1) calls per key beyond what it last shared;
 * a call past that waits for a sync that starts at once. So all instances together pass at most
 * `limit + (instances - 1) x that allowance` (docs/decisions.md); one instance alone is exact. Past the
 * limit, calls are refused from memory. Use ExactWindowLimiter where the limit must be exact.
 */
export class SyncedWindowCounts {
  readonly model: Model<InstanceCount>;
  /** a new one per process, so a restarted instance adds to its earlier counts instead of overwriting them */
  private readonly instance = randomUUID();
  private readonly windowMs: number;
  private readonly syncMs: number;
  private readonly unshared: number;
  private readonly keys: WindowStates<KeyState>;
  private readonly dirty = new Set<KeyState>();
  private running?: Promise<void>;
  private queued?: Promise<void>;
  private timer?: NodeJS.Timeout;

  constructor(db: Connection, windowSeconds: number, collection: string, private readonly opts: SyncedWindowCountsOptions = {}) {
    const name = `SyncedWindowCounts_${collection}`;
    this.model = (db.models[name] as Model<InstanceCount> | undefined) ?? db.model<InstanceCount>(name, schema, collection);
    this.windowMs = windowSeconds * 1000;
    this.syncMs = opts.syncMs ?? 300;
    this.unshared = opts.unshared ?? 0.01;
    this.keys = new WindowStates(this.windowMs, this.model, (window, until) => ({ window, until, local: 0, shared: 0, others: 0 }), Date.now());
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  /** Starts the periodic sync (a sync writes only what changed since the last one). */
  start(): void {
    this.timer ??= setInterval(() => {
      this.sync().catch((err: unknown) => this.opts.log?.warn({ err }, 'sharing read counts failed; trying again'));
    }, this.syncMs);
    this.timer.unref();
  }

  /** Stops the periodic sync and shares what is left, so a restart forgets nothing. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sync();
  }

  /** Counts one call under every key; throws RateLimitedError (`what` + the wait) when any key is full. */
  async take(limits: Limit[], what: string, now = Date.now()): Promise<void> {
    const until = windowEnd(now, this.windowMs);
    for (;;) {
      const states = limits.map(([key, limit]) => ({ state: this.keys.of(`${key}:${until}`, until), limit }));
      if (states.some(({ state, limit }) => state.local + state.others >= limit)) {
        throw new RateLimitedError(secondsLeft(until, now), what);
      }
      if (states.every(({ state, limit }) => state.local - state.shared < this.allowance(limit))) {
        // No await between the check and the count: parallel calls on this instance see each other.
        for (const { state } of states) {
          state.local++;
          this.dirty.add(state);
        }
        return;
      }
      await this.sync();
    }
  }

  private allowance(limit: number): number {
    return Math.max(1, Math.floor(limit * this.unshared));
  }

  /**
   * Shares the counts and reads the others'. A sync asked for while one runs is a new one after it (the
   * one running may have read before the caller's counts); callers meanwhile share that one.
   */
  sync(): Promise<void> {
    if (this.running) {
      this.queued ??= this.running.catch(() => undefined).then(() => {
        this.queued = undefined;
        return this.sync();
      });
      return this.queued;
    }
    this.running = this.syncOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async syncOnce(): Promise<void> {
    await this.keys.sweepIfDue(Date.now());
    const batch = [...this.dirty].map((state) => ({ state, count: state.local }));
    this.dirty.clear();
    if (!batch.length) return;
    try {
      await this.model.bulkWrite(
        batch.map(({ state, count }) => ({
          updateOne: {
            filter: { _id: this.idOf(state.window) },
            update: { $set: { window: state.window, count, until: new Date(state.until) } },
            upsert: true,
          },
        })),
        { ordered: false },
      );
      // One equality find per window: FerretDB pushes equality down to its indexes, not $in.
      for (let i = 0; i < batch.length; i += READS_AT_ONCE) {
        await Promise.all(batch.slice(i, i + READS_AT_ONCE).map(async ({ state, count }) => {
          const docs = await this.model.find({ window: state.window }, { count: 1 }).lean();
          const own = this.idOf(state.window);
          const others = docs.reduce((sum, d) => (d._id === own ? sum : sum + d.count), 0);
          state.others = Math.max(state.others, others);
          state.shared = Math.max(state.shared, count);
        }));
      }
    } catch (err) {
      for (const { state } of batch) this.dirty.add(state);
      throw err;
    }
  }

  private idOf(window: string): string {
    return `${window}:${this.instance}`;
  }
}
