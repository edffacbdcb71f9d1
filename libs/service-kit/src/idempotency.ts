import { createHash, randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import { MESSAGES } from '@turnbook/contracts';
import { AppError, isDuplicateKey } from './errors';
import { withWriteSlots, type WriteSlots } from './idempotent-writes';

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
  /** the attempt answering it now, and until when it is taken to be alive (it renews while it runs) */
  holder?: string;
  leaseUntil?: Date;
}

/** A numbered write of an attempt (`<key id>/<counter>#<n>`): which id it took, whichever attempt wrote it. */
interface SlotDoc {
  _id: string;
  id: number;
  at: Date;
}

const schema = new mongoose.Schema<KeyDoc>(
  { _id: String, fingerprint: String, state: String, reply: mongoose.Schema.Types.Mixed, at: Date, holder: String, leaseUntil: Date },
  { versionKey: false },
);
schema.index({ at: 1 });
const slotSchema = new mongoose.Schema<SlotDoc>({ _id: String, id: Number, at: Date }, { versionKey: false });

export interface IdempotencyOptions {
  /** how long a key is remembered */
  keepSeconds?: number;
  /** how long an attempt holds a key without renewing it: a retry takes over a key whose holder died after this */
  leaseMs?: number;
  /** how long a duplicate waits for the first request's answer before 409 */
  waitMs?: number;
}

/** `first`: this attempt answers; it must run inside `attempt.run` and end with complete or release. */
export type Claim = { kind: 'first'; attempt: Attempt } | { kind: 'replay'; reply: StoredReply };

/** One attempt at answering a key: renews its lease while it runs, and binds its numbered writes to the key. */
export interface Attempt {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

const sha = (v: string) => createHash('sha256').update(v).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Idempotency keys of write calls (RouteDef.idempotent): the first request with a key claims it with an
 * insert under a unique _id (atomic on FerretDB too), runs, and stores its answer; a retry, or a duplicate
 * sent at the same time, finds the claim and answers the stored answer without running again. A first
 * request that fails releases its claim, so a retry runs for real.
 *
 * A claim is a short lease, renewed while the attempt runs: when its process dies (SIGKILL, a crash), a
 * retry takes the key over within `leaseMs` and runs the call again. The write is still done once: every
 * numbered insert of an attempt binds its id to the key first (a unique insert), so the retry's insert
 * finds the dead attempt's document and answers it, or writes it under the same id if it was never written.
 */
export class IdempotencyKeys {
  private readonly model: Model<KeyDoc>;
  private readonly slots: Model<SlotDoc>;
  private readonly keepMs: number;
  private readonly leaseMs: number;
  private readonly waitMs: number;

  constructor(db: Connection, opts: IdempotencyOptions = {}) {
    this.model = (db.models.IdempotencyKey as Model<KeyDoc> | undefined) ?? db.model<KeyDoc>('IdempotencyKey', schema, 'idempotency_keys');
    this.slots = (db.models.IdempotentWrite as Model<SlotDoc> | undefined) ?? db.model<SlotDoc>('IdempotentWrite', slotSchema, 'idempotency_keys');
    this.keepMs = (opts.keepSeconds ?? 24 * 3600) * 1000;
    this.leaseMs = opts.leaseMs ?? 3000;
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
    const holder = randomUUID();
    for (;;) {
      try {
        await this.model.create({ _id: id, fingerprint, state: 'pending', at: new Date(), holder, leaseUntil: this.leaseEnd() });
        // Forgotten keys go as new ones come in; one claim in twenty is enough.
        if (Math.random() < 0.05) await this.model.deleteMany({ at: { $lt: new Date(Date.now() - this.keepMs) } });
        return { kind: 'first', attempt: this.attempt(id, holder) };
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
      if (this.expired(held) && (await this.takeOver(id, held, holder))) return { kind: 'first', attempt: this.attempt(id, holder) };
      if (Date.now() > until) throw new AppError('idempotencyInProgress', MESSAGES.idempotencyInProgress, 'Idempotency-Key');
      await sleep(50);
    }
  }

  async complete(id: string, reply: StoredReply): Promise<void> {
    await this.model.updateOne({ _id: id, state: 'pending' }, { $set: { state: 'done', reply }, $unset: { holder: 1, leaseUntil: 1 } });
  }

  /** The first request failed: the key is free again (the writes it bound stay bound, for the retry). */
  async release(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id, state: 'pending' });
  }

  private leaseEnd(): Date {
    return new Date(Date.now() + this.leaseMs);
  }

  /** A pending key whose holder stopped renewing (keys written before leases count from their claim). */
  private expired(held: KeyDoc): boolean {
    const end = held.leaseUntil ?? new Date(held.at.getTime() + this.leaseMs);
    return end.getTime() < Date.now();
  }

  /**
   * Takes a dead holder's key. FerretDB's updates are not atomic, so two retries may both think they won;
   * the re-read settles most of those, and the bound writes keep the write single for the rest.
   */
  private async takeOver(id: string, held: KeyDoc, holder: string): Promise<boolean> {
    const filter: Record<string, unknown> = held.holder ? { _id: id, state: 'pending', holder: held.holder } : { _id: id, state: 'pending' };
    const res = await this.model.updateOne(filter, { $set: { holder, leaseUntil: this.leaseEnd() } });
    if (res.modifiedCount !== 1) return false;
    const now = await this.model.findById(id, { holder: 1 }).lean<KeyDoc>();
    return now?.holder === holder;
  }

  private attempt(id: string, holder: string): Attempt {
    const slots: WriteSlots = {
      bind: async (slot, writeId) => {
        const _id = `${id}/${slot}`;
        try {
          await this.slots.create({ _id, id: writeId, at: new Date() });
          return writeId;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
        const bound = await this.slots.findById(_id).lean<SlotDoc>();
        if (!bound) throw new Error(`idempotent write ${_id} vanished`);
        return bound.id;
      },
      move: async (slot, writeId) => {
        await this.slots.updateOne({ _id: `${id}/${slot}` }, { $set: { id: writeId } });
      },
    };
    return {
      run: async (fn) => {
        // Renewed well before it ends: a busy event loop or a slow write must not let it lapse.
        const renewing = new Set<Promise<unknown>>();
        const renew = setInterval(() => {
          const done = this.model.updateOne({ _id: id, state: 'pending', holder }, { $set: { leaseUntil: this.leaseEnd() } }).exec()
            .catch(() => undefined).finally(() => renewing.delete(done));
          renewing.add(done);
        }, Math.max(100, Math.floor(this.leaseMs / 4)));
        renew.unref();
        try {
          return await withWriteSlots(slots, fn);
        } finally {
          clearInterval(renew);
          // A renewal still under way must end before the answer is stored: FerretDB runs an update as read,
          // then write, so one that read 'pending' would write it back over the stored answer, and the
          // next retry would run the call again instead of replaying it.
          await Promise.all(renewing);
        }
      },
    };
  }
}
