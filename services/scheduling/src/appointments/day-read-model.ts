import { randomUUID } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { gunzipSync, gzipSync } from 'node:zlib';
import mongoose, { mongo, type Connection, type Model } from 'mongoose';
import { ReadCoalescer, upsertById, type StampChangeBroadcast } from '@turnbook/service-kit';
import type { AppointmentDoc } from './model';

const { BSON } = mongo;

/**
 * A store's appointments for one day, read fast. Decoding the ~275 documents of a busy day costs FerretDB
 * 20 ms or more (one document holding the whole day costs the same: FerretDB's cost is per value), so each
 * instance keeps recent days in memory, validated against a per-store-day stamp read by `_id` (~1 ms):
 * - every write of an appointment sets its day's stamp to a new random value AFTER the write;
 * - a read takes the stamp FIRST, then uses its copy made under that same stamp, or reads the day from
 *   the appointments and keeps it under the stamp it read before.
 * A write that a load missed always sets a newer stamp afterwards, so no copy ever hides a write that
 * was answered before the read began, whichever instance answered it. Nothing else relies on these
 * copies: conflicts, uniqueness and access are checked against the appointments themselves.
 * Availability may take a stamp a little older (`recent`, through the stamp-change broadcast: docs/decisions.md).
 *
 * A load is also kept in the database as one value (DayCopyDoc), under the same stamp, so the first read
 * of a day in a process (another instance, a restart, a staff member paging to next week) reads one
 * document by `_id` instead of the day's appointments: FerretDB answers `storeId + date` by intersecting
 * a GIN list that holds the store's whole history, then decodes every value of every document (80 ms
 * at a year of data, against 1-2 ms for one copy). Valid under the stamp it names only, like the memory.
 * The copy is gzipped: FerretDB's cost grows with the bytes of a value (a busy day's 125 KB of BSON took
 * ~20 ms to read, its 11 KB gzipped ~3 ms; gunzip is 0.1 ms). Its bytes are V8's own serialization, not BSON:
 * a busy day decodes in 0.5 ms against BSON's 1.4 ms (Dates kept as Dates either way). For a day this process
 * does not hold, the copy is read beside the stamp rather than after it.
 */
export interface DayStampDoc {
  _id: string;
  v: string;
  /** set on every mark, so a report reads a year of stamps in one equality query (reports/) */
  storeId?: number;
  year?: string;
  /** YYYY-MM, so a report reads a month's day stamps in one equality query (reports/) */
  month?: string;
}

/**
 * A day's appointments as loaded under a stamp, as one value (Dates and all, decoded at once), gzipped: `v` is
 * V8_GZIPPED + the stamp. Copies earlier releases kept are still read: GZIPPED + stamp (gzipped BSON) and the
 * bare stamp (plain BSON). An earlier release takes a newer copy's `v` for another stamp and loads the day
 * itself, as it does when a Node it runs on cannot read V8's bytes.
 */
export interface DayCopyDoc {
  _id: string;
  v: string;
  docs: Buffer;
}
/**
 * A day's answer for the store's managers as one instance built it (gzipped JSON and its ETag), valid while
 * the day's stamp (`v`) and the store's config stamp (`c`) are those it was built under. Another instance's
 * first read of the day sends it as it is instead of building it again (docs/decisions.md).
 */
export interface DayAnswerDoc {
  _id: string;
  v: string;
  c: string;
  gz: Buffer;
  etag: string;
}
export type StoredAnswer = Omit<DayAnswerDoc, '_id'>;
/** A binary field as a lean read gives it (BSON Binary, or a Buffer) as a Buffer. */
const bytesOf = (b: { buffer: Uint8Array } | Buffer): Buffer => {
  const u = b instanceof Uint8Array ? b : b.buffer;
  return Buffer.from(u.buffer, u.byteOffset, u.byteLength);
};
const answerSchema = new mongoose.Schema<DayAnswerDoc>({ _id: String, v: String, c: String, gz: Buffer, etag: String }, { versionKey: false });
const V8_GZIPPED = 'v8gz:';
const GZIPPED = 'gz:';
type StoredCopy = { v: string; docs: { buffer: Uint8Array } | Buffer };
const copySchema = new mongoose.Schema<DayCopyDoc>({ _id: String, v: String, docs: Buffer }, { versionKey: false });
/** A day larger than this (gzipped bytes) is not copied: the database keeps documents below 16 MB. */
const MAX_COPY_BYTES = 8 * 1024 * 1024;

const stampSchema = new mongoose.Schema<DayStampDoc>({ _id: String, v: String, storeId: Number, year: String, month: String }, { versionKey: false });
stampSchema.index({ storeId: 1, year: 1 });
const dayStampSchema = stampSchema.clone();
dayStampSchema.index({ storeId: 1, month: 1 });
/** Told of every day loaded from the appointments, with the stamp the load was made under. */
export type DayLoadListener = (storeId: number, date: string, stamp: string, docs: AppointmentDoc[]) => void;

/**
 * Most appointments kept in memory per instance, counted over the days held; the least recently read days
 * go first (a day not held is one read of its copy away, ~2 ms). Bounded by appointments rather than days:
 * what an instance holds is what its collections walk, and 2,000 busy days (the bound this replaced) could hold
 * ~550,000 appointments (a year-of-data instance had a 160 MB heap and 13.5 ms full collections; 84-119 MB after).
 */
const MEMORY_APPOINTMENTS = 40_000;

export const dayKey = (storeId: number, date: string) => `${storeId}:${date}`;
/** A store-month's stamp key (`date` a day or month, YYYY-MM-DD or YYYY-MM). */
export const monthKey = (storeId: number, date: string) => `${storeId}:${date.slice(0, 7)}`;
const feedKey = (storeId: number, date: string) => `day:${storeId}:${date}`;

const copyIsUnder = (copy: StoredCopy, stamp: string) => copy.v === V8_GZIPPED + stamp || copy.v === GZIPPED + stamp || copy.v === stamp;

export class AppointmentDays {
  readonly stamps: Model<DayStampDoc>;
  /**
   * One stamp per store-month, moved with its days' stamps, so a report trusts a month's kept totals by
   * one value instead of reading each day's stamp (reports/, docs/decisions.md).
   */
  readonly monthStamps: Model<DayStampDoc>;
  /** Loads kept in the database, one per day, under the stamp they were made under. */
  readonly copies: Model<DayCopyDoc>;
  /** Managers' answers kept in the database, one per day (DayAnswerDoc). */
  readonly answers: Model<DayAnswerDoc>;
  /** The stamp each day's appointments in memory were loaded under (by their array, as the answer cache keys them). */
  private readonly stampOfDocs = new WeakMap<AppointmentDoc[], string>();
  /** Answer reads started as requests came in, for a day this process does not hold (dropped like copyReads). */
  private readonly answerReads = new Map<string, { at: number; read: Promise<StoredAnswer | null> }>();
  private readonly memory = new Map<string, { v: string; appointments: AppointmentDoc[] }>();
  /** The appointments the days in `memory` hold, all together. */
  private held = 0;
  /** Concurrent readers of one day share stamp reads (never one started before their request). */
  private readonly stampReads: ReadCoalescer<string, string>;
  /** Loads under way, by day and stamp: callers wanting the same copy wait for one load. */
  private readonly loading = new Map<string, Promise<AppointmentDoc[]>>();
  /** Copy reads started as requests came in, each taken by that request's read (or dropped after a while). */
  private readonly copyReads = new Map<string, { at: number; read: Promise<StoredCopy | null> }>();

  /** Tells every instance when a day changed, so `recent` can reuse stamp reads until then. */
  private readonly feed?: StampChangeBroadcast;

  /** Derived reads kept beside the days (the report's day totals, reports/) follow the loads. */
  private readonly loadListeners: DayLoadListener[] = [];

  /** `memoryAppointments`: the bound of MEMORY_APPOINTMENTS (tests set a small one). */
  constructor(db: Connection, readonly appointments: Model<AppointmentDoc>, feed?: StampChangeBroadcast, private readonly memoryAppointments = MEMORY_APPOINTMENTS) {
    this.feed = feed;
    this.stamps = (db.models.AppointmentDayStamp as Model<DayStampDoc>) ?? db.model<DayStampDoc>('AppointmentDayStamp', dayStampSchema, 'appointment_day_stamps');
    this.monthStamps = (db.models.AppointmentMonthStamp as Model<DayStampDoc>) ?? db.model<DayStampDoc>('AppointmentMonthStamp', stampSchema, 'appointment_month_stamps');
    this.copies = (db.models.AppointmentDayCopy as Model<DayCopyDoc>) ?? db.model<DayCopyDoc>('AppointmentDayCopy', copySchema, 'appointment_day_copies');
    this.answers = (db.models.AppointmentDayAnswer as Model<DayAnswerDoc>) ?? db.model<DayAnswerDoc>('AppointmentDayAnswer', answerSchema, 'appointment_day_answers');
    // A day never written through the service has no stamp: '' stands for it (a first write changes it).
    this.stampReads = new ReadCoalescer(async (key) => (await this.stamps.findById(key).lean<DayStampDoc>())?.v ?? '');
  }

  /**
   * Marks days as changed; call after the appointment write has been acknowledged. This instance reloads
   * them in the background, so the calendar's refetch after a change usually finds them ready.
   */
  async touch(storeId: number, dates: Iterable<string>): Promise<void> {
    const days = await this.mark(storeId, dates);
    this.warm(storeId, days);
  }

  /**
   * Starts reading a day's stamp for a request that arrived at `since`, before its access is checked, so
   * the handler's read joins it instead of waiting a second round trip; for a day this process does not
   * hold, its copy's read too (a read by `_id`, answered to no one until the router has let the caller in;
   * a load from the appointments only ever starts for a caller allowed to read the day).
   */
  prefetch(storeId: number, date: string, since: number): void {
    const key = dayKey(storeId, date);
    this.stampReads.read(key, since).catch(() => undefined);
    if (!this.memory.has(key) && !this.copyReads.has(key)) {
      const read = this.readCopy(key);
      read.catch(() => undefined);
      this.forgetOldCopyReads();
      this.copyReads.set(key, { at: Date.now(), read });
      const answer = this.answers
        .findById(key)
        .lean<Omit<StoredAnswer, 'gz'> & { gz: { buffer: Uint8Array } | Buffer }>()
        .exec()
        .then((d) => (d ? { v: d.v, c: d.c, etag: d.etag, gz: bytesOf(d.gz) } : null));
      answer.catch(() => undefined);
      this.answerReads.set(key, { at: Date.now(), read: answer });
    }
  }

  /**
   * The managers' answer another instance kept for this day, if this request's arrival started its read (a
   * day this process did not hold); taken once. The caller checks it was made under the stamps it uses.
   */
  takeStoredAnswer(storeId: number, date: string): Promise<StoredAnswer | null> | undefined {
    const key = dayKey(storeId, date);
    const started = this.answerReads.get(key);
    if (started) this.answerReads.delete(key);
    return started?.read.catch(() => null);
  }

  /** The stamp a day's appointments (as `read` gave them) were loaded under. */
  stampOf(docs: AppointmentDoc[]): string | undefined {
    return this.stampOfDocs.get(docs);
  }

  /** Keeps a managers' answer for the other instances; best effort (they build it themselves without it). */
  async keepAnswer(storeId: number, date: string, answer: StoredAnswer): Promise<void> {
    if (!answer.v) return;
    try {
      await this.answers.updateOne({ _id: dayKey(storeId, date) }, { $set: answer }, { upsert: true });
    } catch {
      // the next instance builds it
    }
  }

  /** Marks days as changed without reloading them (the caller warms them once its events are out). */
  async mark(storeId: number, dates: Iterable<string>): Promise<string[]> {
    const days = [...new Set(dates)];
    const months = [...new Set(days.map((date) => date.slice(0, 7)))];
    await Promise.all([
      ...days.map((date) => upsertById(this.stamps, dayKey(storeId, date), { v: randomUUID(), storeId, year: date.slice(0, 4), month: date.slice(0, 7) })),
      ...months.map((month) => upsertById(this.monthStamps, monthKey(storeId, month), { v: randomUUID(), storeId, year: month.slice(0, 4) })),
    ]);
    if (this.feed) await Promise.all(days.map((date) => this.feed!.changed(feedKey(storeId, date))));
    return days;
  }

  /**
   * Reloads days in the background. After a write's events are published rather than before: a busy
   * day's load costs the database 20 ms or more, which would delay the event; the calendar's refetch on
   * the event joins the load under way.
   */
  warm(storeId: number, dates: Iterable<string>): void {
    for (const date of dates) void this.load(storeId, date).catch(() => undefined);
  }

  onLoad(listener: DayLoadListener): void {
    this.loadListeners.push(listener);
  }

  /** Every day that has appointments of this customer in this store (before a write across them). */
  async datesOfCustomer(storeId: number, customerId: number): Promise<string[]> {
    const docs = await this.appointments.find({ storeId, customerId }, { date: 1 }).lean<Array<{ date: string }>>();
    return [...new Set(docs.map((d) => d.date))];
  }

  /** The day's stamp as `read` takes it (the same read, shared). */
  stamp(storeId: number, date: string, since?: number): Promise<string> {
    return this.stampReads.read(dayKey(storeId, date), since);
  }

  /**
   * The day's appointments by start, then id, as of a stamp read started at or after `since` (the
   * request's arrival, performance.now(); default now).
   */
  async read(storeId: number, date: string, since?: number): Promise<AppointmentDoc[]> {
    const key = dayKey(storeId, date);
    const early = this.earlyCopy(key);
    return this.under(storeId, date, key, await this.stampReads.read(key, since), early);
  }

  /**
   * The day as `read` gives it, or from a stamp read that started after the last change of the day heard
   * through the feed and at most the feed's maxAge ago (availability only; without a healthy feed, `read`).
   */
  async recent(storeId: number, date: string, receivedAt: number): Promise<AppointmentDoc[]> {
    const key = dayKey(storeId, date);
    if (!this.feed) return this.read(storeId, date, receivedAt);
    const early = this.earlyCopy(key);
    return this.under(storeId, date, key, await this.feed.read(this.stampReads, key, feedKey(storeId, date), receivedAt), early);
  }

  /** For a day this process does not hold, its copy's read started now, beside the stamp's (used once the stamp agrees). */
  private earlyCopy(key: string): Promise<StoredCopy | null> | undefined {
    const started = this.copyReads.get(key);
    if (started) {
      this.copyReads.delete(key);
      return started.read;
    }
    if (this.memory.has(key)) return undefined;
    const read = this.readCopy(key);
    read.catch(() => undefined);
    return read;
  }

  /** Copy reads no request took (refused callers): dropped after a few seconds, so they never pile up. */
  private forgetOldCopyReads(): void {
    const old = Date.now() - 5000;
    for (const reads of [this.copyReads, this.answerReads]) {
      for (const [key, { at }] of reads) {
        if (at >= old) break;
        reads.delete(key);
      }
    }
  }

  private readCopy(key: string): Promise<StoredCopy | null> {
    return this.copies.findById(key).lean<StoredCopy>().exec();
  }

  private under(storeId: number, date: string, key: string, v: string, early?: Promise<StoredCopy | null>): Promise<AppointmentDoc[]> | AppointmentDoc[] {
    const mem = this.memory.get(key);
    if (mem && mem.v === v) {
      this.memory.delete(key);
      this.memory.set(key, mem); // most recently used last
      return mem.appointments;
    }
    return this.load(storeId, date, key, v, early);
  }

  /** Reads the day from the appointments and keeps it under the stamp read before (one load per day and stamp at a time). */
  async load(storeId: number, date: string, key = dayKey(storeId, date), v?: string, early?: Promise<StoredCopy | null>): Promise<AppointmentDoc[]> {
    const stamp = v ?? (await this.stampReads.read(key));
    const flight = `${key}|${stamp}`;
    let load = this.loading.get(flight);
    if (!load) {
      load = this.loadUnder(storeId, date, key, stamp, early).finally(() => this.loading.delete(flight));
      this.loading.set(flight, load);
    }
    return load;
  }

  private async loadUnder(storeId: number, date: string, key: string, stamp: string, early?: Promise<StoredCopy | null>): Promise<AppointmentDoc[]> {
    const copied = await this.copyUnder(key, stamp, early);
    if (copied) {
      // Whoever kept the copy told the listeners of that same load.
      this.remember(key, stamp, copied);
      return copied;
    }
    const docs = await this.appointments.find({ storeId, date }, { _pendingEvents: 0, _hasPending: 0 }).lean<AppointmentDoc[]>();
    docs.sort((a, b) => a.startMin - b.startMin || a._id - b._id);
    void this.keepCopy(key, stamp, docs);
    this.remember(key, stamp, docs);
    for (const listener of this.loadListeners) listener(storeId, date, stamp, docs);
    return docs;
  }

  /**
   * The day's copy if it was made under this very stamp. `early` is a read of the copy started beside the
   * stamp's: when it found an older copy (another instance was keeping the newer one), the copy is read again.
   */
  private async copyUnder(key: string, stamp: string, early?: Promise<StoredCopy | null>): Promise<AppointmentDoc[] | null> {
    // '': a day never written through the service has no stamp to tell a copy is current (tests and
    // imports write straight to the database).
    if (!stamp) return null;
    let copy = early ? await early.catch(() => null) : null;
    if (!copy || !copyIsUnder(copy, stamp)) copy = await this.readCopy(key);
    if (!copy || !copyIsUnder(copy, stamp)) return null;
    const stored = bytesOf(copy.docs);
    if (copy.v === stamp) return (BSON.deserialize(stored) as { docs: AppointmentDoc[] }).docs;
    if (copy.v === GZIPPED + stamp) return (BSON.deserialize(gunzipSync(stored)) as { docs: AppointmentDoc[] }).docs;
    try {
      return deserialize(gunzipSync(stored)) as AppointmentDoc[];
    } catch {
      return null; // written by a newer Node than this one reads: load the day
    }
  }

  /** Keeps a load for the next process that reads the day; best effort (a failed copy costs a load later). */
  private async keepCopy(key: string, stamp: string, docs: AppointmentDoc[]): Promise<void> {
    if (!stamp) return;
    try {
      const bytes = gzipSync(serialize(docs), { level: 1 });
      if (bytes.length > MAX_COPY_BYTES) return;
      await this.copies.updateOne({ _id: key }, { $set: { v: V8_GZIPPED + stamp, docs: bytes } }, { upsert: true });
    } catch {
      // the next load of the day tries again
    }
  }

  private remember(key: string, v: string, appointments: AppointmentDoc[]): void {
    this.stampOfDocs.set(appointments, v);
    this.forget(key);
    this.memory.set(key, { v, appointments });
    this.held += appointments.length;
    while (this.held > this.memoryAppointments && this.memory.size > 1) this.forget(this.memory.keys().next().value as string);
  }

  private forget(key: string): void {
    const gone = this.memory.get(key);
    if (!gone) return;
    this.memory.delete(key);
    this.held -= gone.appointments.length;
  }
}
