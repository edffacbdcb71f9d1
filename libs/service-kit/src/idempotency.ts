import { createHash } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import { MESSAGES } from '@turnbook/contracts';
import { AppError, isDuplicateKey } from './errors';

/** A stored first answer of an idempotent call. */
export interface StoredReply {
  status: number;
  /** JSON text of the body ('' when none) */
  body: string;
  headers: Record<string, string>;
}

interface KeyDoc {
  /** route, caller and key: the same key from another caller or on another route is another key */
  _id: string;
  /** hash of the request body: a key sent again with another body is refused */
  fingerprint: string;
  state: 'pending' | 'done';
  reply?: StoredReply;
  at: Date;
}

const schema = new mongoose.Schema<KeyDoc>(
  { _id: String, fingerprint: String, state: String, reply: mongoose.Schema.Types.Mixed, at: Date },
  { versionKey: false },
);
schema.index({ at: 1 });

export interface IdempotencyOptions {
  /** how long a key is remembered */
  keepSeconds?: number;
  /** a first request still pending after this long is taken to have died (its process stopped) */
  staleSeconds?: number;
  /** how long a duplicate waits for the first request's answer before 409 */
  waitMs?: number;
}

export type Claim = { kind: 'first' } | { kind: 'replay'; reply: StoredReply };

const sha = (v: string) => createHash('sha256').update(v).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Idempotency keys of write calls (RouteDef.idempotent): the first request with a key claims it with an
 * insert under a unique _id (atomic on FerretDB too), runs, and stores its answer; a retry, or a duplicate
 * sent at the same time, finds the claim and answers the stored answer without running again. A first
 * request that fails releases its claim, so a retry runs for real.
 */
export class IdempotencyKeys {
  private readonly model: Model<KeyDoc>;
  private readonly keepMs: number;
  private readonly staleMs: number;
  private readonly waitMs: number;

  constructor(db: Connection, opts: IdempotencyOptions = {}) {
    this.model = (db.models.IdempotencyKey as Model<KeyDoc> | undefined) ?? db.model<KeyDoc>('IdempotencyKey', schema, 'idempotency_keys');
    this.keepMs = (opts.keepSeconds ?? 24 * 3600) * 1000;
    this.staleMs = (opts.staleSeconds ?? 60) * 1000;
    this.waitMs = opts.waitMs ?? 10_000;
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  static scope(route: string, caller: string, key: string): string {
    return sha(`${route}\n${caller}\n${key}`);
  }

  static fingerprint(body: unknown): string {
    return sha(JSON.stringify(body ?? null));
  }

  /** Claims a key, or answers the first request's stored reply (waiting for it while it runs). */
  async claim(id: string, fingerprint: string): Promise<Claim> {
    const until = Date.now() + this.waitMs;
    for (;;) {
      try {
        await this.model.create({ _id: id, fingerprint, state: 'pending', at: new Date() });
        // Forgotten keys go as new ones come in; one claim in twenty is enough.
        if (Math.random() < 0.05) await this.model.deleteMany({ at: { $lt: new Date(Date.now() - this.keepMs) } });
        return { kind: 'first' };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const held = await this.model.findById(id).lean<KeyDoc>();
      if (!held) continue;
      if (held.fingerprint !== fingerprint) throw new AppError('idempotencyKeyReused', MESSAGES.idempotencyKeyReused, 'Idempotency-Key');
      if (held.at.getTime() < Date.now() - this.keepMs) {
        await this.model.deleteOne({ _id: id, at: held.at });
        continue;
      }
      if (held.state === 'done' && held.reply) return { kind: 'replay', reply: held.reply };
      if (held.at.getTime() < Date.now() - this.staleMs) {
        await this.model.deleteOne({ _id: id, at: held.at, state: 'pending' });
        continue;
      }
      if (Date.now() > until) throw new AppError('idempotencyInProgress', MESSAGES.idempotencyInProgress, 'Idempotency-Key');
      await sleep(50);
    }
  }

  async complete(id: string, reply: StoredReply): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { state: 'done', reply } });
  }

  /** The first request failed: the key is free again. */
  async release(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id, state: 'pending' });
  }
}
