import mongoose, { type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from './errors';
import { nextWriteSlot } from './idempotent-writes';

/** One connection per service to its own database. Works on MongoDB and FerretDB v1 alike. */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const slowMs = Number(process.env.MONGO_SLOW_MS ?? NaN);
  const conn = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    // FerretDB has no replica sets; retryable writes need one.
    retryWrites: false,
    // Indexes are made once the service is built, only those missing (createMissingIndexes, indexes.ts):
    // mongoose's autoIndex sends every declared index at every start. So a model's init() makes its
    // collection, not its indexes; a test that builds repositories on its own connection calls
    // createMissingIndexes itself.
    autoIndex: false,
    ...(slowMs >= 0 && { monitorCommands: true }),
  });
  // MONGO_SLOW_MS=<ms>: every command that took at least that long, one JSON line on stderr (where a slow call's time goes).
  if (slowMs >= 0) {
    const started = new Map<number, { name: string; coll: unknown }>();
    const client = conn.getClient();
    client.on('commandStarted', (e) => started.set(e.requestId, { name: e.commandName, coll: e.command[e.commandName] }));
    const done = (e: { requestId: number; duration: number }, ok: boolean) => {
      const s = started.get(e.requestId);
      started.delete(e.requestId);
      if (s && e.duration >= slowMs) process.stderr.write(`${JSON.stringify({ slowCommand: s.name, db: dbName, coll: s.coll, ms: Math.round(e.duration), ok })}\n`);
    };
    client.on('commandSucceeded', (e) => done(e, true));
    client.on('commandFailed', (e) => done(e, false));
  }
  await conn.asPromise();
  return conn;
}

interface CounterDoc {
  _id: string;
  seq: number;
}

const counterSchema = new mongoose.Schema<CounterDoc>({ _id: String, seq: Number }, { versionKey: false });

interface IdClaimDoc {
  _id: string;
  at: Date;
}
const idClaimSchema = new mongoose.Schema<IdClaimDoc>({ _id: String, at: Date }, { versionKey: false });
idClaimSchema.index({ at: 1 });
/** A claim only matters while a retry of its call may come (idempotency keys are kept a day). */
const ID_CLAIM_KEEP_MS = 2 * 24 * 3600 * 1000;

/** The models behind numbered inserts, defined once per connection (buildService defines them before it makes indexes). */
export function idModels(conn: Connection): { Claims: Model<IdClaimDoc>; Counter: Model<CounterDoc> } {
  return {
    Claims: (conn.models.IdClaim as Model<IdClaimDoc>) ?? conn.model<IdClaimDoc>('IdClaim', idClaimSchema, 'id_claims'),
    Counter: (conn.models.Counter as Model<CounterDoc>) ?? conn.model<CounterDoc>('Counter', counterSchema, 'counters'),
  };
}

/**
 * Claims `id` of `counter` for one writer, with a unique insert (atomic on FerretDB, unlike its counter):
 * false when another writer holds it. Every numbered insert claims its id before binding or writing it,
 * so an id bound to an idempotent call can only ever hold that call's document.
 */
async function claimId(conn: Connection, counter: string, id: number): Promise<boolean> {
  const { Claims } = idModels(conn);
  try {
    await Claims.create({ _id: `${counter}:${id}`, at: new Date() });
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
  if (Math.random() < 0.001) void Claims.deleteMany({ at: { $lt: new Date(Date.now() - ID_CLAIM_KEEP_MS) } }).catch(() => undefined);
  return true;
}

/**
 * Inserts `doc` (or what `doc(id)` builds) with the next numeric `_id` of `counter`, starting at `start`.
 * A write that causes events goes through EventBus.insertNumbered, which stores them with the document. The counter is only a hint
 * (findOneAndUpdate is not atomic on FerretDB: two writers may be handed one number): the id's claim
 * (`claimId`) and the unique `_id` are the guarantee, so on a collision we take the next number.
 */
export async function insertWithNumericId<T extends { _id?: number }>(
  model: Model<T>,
  doc: Omit<T, '_id'> | ((id: number) => Omit<T, '_id'>),
  counter: string,
  start = 1,
): Promise<T & { _id: number }> {
  const conn = model.db;
  const { Counter } = idModels(conn);
  // Inside an idempotent call, the id is bound to the call first: a retry after a crash finds the first
  // attempt's document (written once), or writes it under the same id if the first attempt died before.
  const slot = nextWriteSlot(counter);
  let bound = false;
  for (let attempt = 0; attempt < 50; attempt++) {
    let id: number;
    try {
      const c = await Counter.findOneAndUpdate({ _id: counter }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' }).lean();
      id = Math.max(c?.seq ?? start, start);
      if ((c?.seq ?? 0) < start) await Counter.updateOne({ _id: counter, seq: { $lt: start } }, { $set: { seq: start } });
    } catch (err) {
      if (isDuplicateKey(err)) continue; // two first upserts of the counter raced; the next try finds it
      throw err;
    }
    if (attempt > 10) {
      // Many collisions in a row: jump past the highest id actually stored.
      const top = await model.findOne({}, { _id: 1 }).sort({ _id: -1 }).lean<{ _id: number }>();
      id = Math.max(id, (top?._id ?? 0) + 1);
      await Counter.updateOne({ _id: counter }, { $max: { seq: id } });
    }
    if (!(await claimId(conn, counter, id))) continue;
    if (slot && !bound) {
      const held = await slot.bind(id);
      bound = true;
      if (held !== id) {
        // `held` was claimed by the first attempt: a document under it is that attempt's.
        const earlier = await model.findById(held).lean<T & { _id: number }>();
        if (earlier) return earlier;
        id = held;
      }
    } else if (slot) await slot.move(id);
    try {
      const fields = typeof doc === 'function' ? doc(id) : doc;
      const created = await model.create({ ...fields, _id: id } as unknown as T);
      return created.toObject() as T & { _id: number };
    } catch (err) {
      // Taken by another writer: the next number (and the slot moves to it).
      if (isDuplicateKey(err) && (await isIdCollision(model, id, err))) continue;
      throw err;
    }
  }
  throw new Error(`could not allocate an id from counter ${counter}`);
}

/**
 * Was the duplicate key the `_id`? MongoDB names the key; FerretDB's message names neither index nor key,
 * so there we look whether that id is taken.
 */
async function isIdCollision(model: Model<any>, id: number, err: unknown): Promise<boolean> {
  const e = err as { keyPattern?: Record<string, unknown>; message?: string };
  if (e.keyPattern) return '_id' in e.keyPattern;
  if (/index: (?!_id_)\S+/.test(e.message ?? '')) return false;
  return (await model.exists({ _id: id })) !== null;
}

/**
 * `$set` (or `$max`) with upsert by _id that survives a racing upsert: when two first writes race, the
 * loser's insert collides on the _id, so it updates the document the winner created.
 */
export async function upsertById(model: Model<any>, _id: unknown, fields: Record<string, unknown>, op: '$set' | '$max' = '$set'): Promise<void> {
  try {
    await model.updateOne({ _id }, { [op]: fields }, { upsert: true });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    await model.updateOne({ _id }, { [op]: fields });
  }
}

/**
 * Documents by a list of ids, one `{_id}` equality each (20 at a time), in id order. FerretDB pushes
 * `{_id: v}` down to its index but not `{_id: {$in: [...]}}`, which decodes the whole collection
 * (seconds with a year of data; docs/decisions.md, "Reads by a list of ids"); MongoDB answers both fast.
 */
export async function findEachById<T>(model: Model<any>, ids: readonly unknown[], filter: Record<string, unknown> = {}, projection?: Record<string, 0 | 1>): Promise<T[]> {
  const unique = [...new Set(ids)];
  const out: T[] = [];
  for (let i = 0; i < unique.length; i += 20) {
    const found = await Promise.all(unique.slice(i, i + 20).map((_id) => model.findOne({ ...filter, _id }, projection).lean<T>()));
    for (const d of found) if (d) out.push(d);
  }
  return out.sort((a, b) => ((a as { _id: number })._id < (b as { _id: number })._id ? -1 : 1));
}
