import mongoose, { type Connection, type Model } from 'mongoose';
import { AppError, upsertById } from '@turnbook/service-kit';
import { dayKey, monthKey, type AppointmentDays, type DayStampDoc } from '../appointments/day-read-model';
import type { AppointmentDoc } from '../appointments/model';
import { dayIncome, datesBetween, type DayIncome } from './aggregate';

/**
 * Each store-day's income by column, kept beside the appointments so a report reads a few documents instead
 * of 365 day reads (FerretDB decodes every document it returns, ~20 ms for a busy day; docs/product/reports.md):
 * - `report_days`: a day's totals under the day stamp they were counted under (the day's reload after each
 *   write keeps them); they count only while that stamp is the day's.
 * - `report_months`: every day of a store-month with the day stamp of its totals, under the month stamp read
 *   before the days were; while the month's stamp is unchanged the whole month is current (every write moves
 *   its day's stamp and its month's stamp after the write, before it is answered).
 * No conditional update is relied on (FerretDB's are not atomic): a record written late is seen by its stamp.
 */
interface ReportDayDoc {
  _id: string;
  storeId: number;
  year: string;
  month: string;
  date: string;
  v: string;
  /** the day's income by column as JSON: one value to decode (FerretDB's cost is per value) */
  income: string;
  /** the counting rule the totals were made under (COUNTING_RULE); others are counted again */
  rule?: string;
}

interface ReportMonthDoc {
  _id: string;
  storeId: number;
  year: string;
  /** the month stamp read before the days were */
  v: string;
  /** JSON of { date: [day stamp, DayIncome] } for every day of the month: one value to decode */
  days: string;
  rule?: string;
}

type MonthDays = Record<string, [string, DayIncome]>;

/**
 * What the kept totals count (docs/product/reports.md, "What counts"): totals kept under another rule are
 * counted again from their appointments, as if never kept.
 */
const COUNTING_RULE = 'checked-out-sales';

const daySchema = new mongoose.Schema<ReportDayDoc>({ _id: String, storeId: Number, year: String, month: String, date: String, v: String, income: String, rule: String }, { versionKey: false });
daySchema.index({ storeId: 1, year: 1 });
daySchema.index({ storeId: 1, month: 1 });
const monthSchema = new mongoose.Schema<ReportMonthDoc>({ _id: String, storeId: Number, year: String, v: String, days: String, rule: String }, { versionKey: false });
monthSchema.index({ storeId: 1, year: 1 });

/** Kept months held in memory per instance, parsed; the least recently used go first. */
const MEMORY_MONTHS = 5000;
/** Days counted from their appointments at once per instance (each is one day read). */
const RECOUNT_AT_ONCE = 4;
/** Up to this many days to count, each is read as the calendar reads a day (and kept in its memory). */
const AS_DAY_UP_TO = 8;
/** Up to this many stale months, their days are read by `{storeId, month}`; beyond, by `{storeId, year}`. */
const MONTHS_UP_TO = 6;
/** The fields a day's income needs (FerretDB still decodes whole documents; the wire and Node do not). */
const COUNTED = { _id: 0, staffId: 1, status: 1, sale: 1, services: 1, customerId: 1, serviceIds: 1 } as const;

export const COUNTING_MESSAGE = "This report's days are still being counted from their appointments. Please try again in a minute.";

export interface ReportDaysOptions {
  /** How long a report waits for its days to be counted before answering 503 (the counting goes on). */
  countWaitMs?: number;
}

/** The calendar days of a month (YYYY-MM). */
const daysOfMonth = (month: string): string[] => {
  const [y, m] = month.split('-').map(Number);
  return datesBetween(`${month}-01`, new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10));
};

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];

export class ReportDays {
  readonly model: Model<ReportDayDoc>;
  readonly months: Model<ReportMonthDoc>;
  private readonly countWaitMs: number;
  /** Counts under way by day and stamp: a second report of the same days joins them. */
  private readonly counting = new Map<string, Promise<DayIncome>>();
  /** Day counts waiting for a reader, and how many readers are busy. */
  private readonly queue: Array<() => Promise<void>> = [];
  private active = 0;
  /** Month rebuilds under way by month and month stamp. */
  private readonly building = new Map<string, Promise<void>>();
  /**
   * Kept months as read or written here, under the month stamp they were kept under: trusted, like the
   * record itself, only while that is the month's stamp, so a warm report reads the small stamps alone.
   */
  private readonly memory = new Map<string, { v: string; days: MonthDays }>();

  constructor(db: Connection, private readonly days: AppointmentDays, options: ReportDaysOptions = {}) {
    this.model = (db.models.ReportDay as Model<ReportDayDoc>) ?? db.model<ReportDayDoc>('ReportDay', daySchema, 'report_days');
    this.months = (db.models.ReportMonth as Model<ReportMonthDoc>) ?? db.model<ReportMonthDoc>('ReportMonth', monthSchema, 'report_months');
    this.countWaitMs = options.countWaitMs ?? 20_000;
    days.onLoad((storeId, date, stamp, docs) => void this.save(storeId, date, stamp, dayIncome(docs)).catch(() => undefined));
  }

  /** Makes the collections and gives stamps written before they carried their store, year and month all three. */
  async init(): Promise<void> {
    await Promise.all([this.model.init(), this.months.init(), this.days.monthStamps.init()]);
    const legacy = await this.days.stamps.find({ month: { $exists: false } }, { _id: 1 }).lean<Array<Pick<DayStampDoc, '_id'>>>();
    for (const { _id } of legacy) {
      const m = /^(\d+):((\d{4})-\d{2})-\d{2}$/.exec(_id);
      if (m) await this.days.stamps.updateOne({ _id }, { $set: { storeId: Number(m[1]), year: m[3], month: m[2] } });
    }
  }

  private save(storeId: number, date: string, v: string, income: DayIncome): Promise<void> {
    return upsertById(this.model, dayKey(storeId, date), { storeId, year: date.slice(0, 4), month: date.slice(0, 7), date, v, income: JSON.stringify(income), rule: COUNTING_RULE });
  }

  /**
   * The income of each asked day (sorted dates) of a store, current as of the stamps read first. Months whose
   * kept totals are stale are brought up to date (their asked days before the answer, the rest after); when
   * counting the asked days from their appointments takes longer than countWaitMs, it answers 503 and the
   * counting goes on, so a retry finds the days counted.
   */
  async incomeOf(storeId: number, dates: string[]): Promise<Map<string, DayIncome>> {
    const years = unique(dates.map((d) => d.slice(0, 4)));
    const months = unique(dates.map((d) => d.slice(0, 7)));
    const readKept = () => Promise.all(years.map((year) => this.months.find({ storeId, year }).lean<ReportMonthDoc[]>()));
    // With every month in memory the stamps alone are read, and the kept records only if one moved.
    const inMemory = months.every((m) => this.memory.has(monthKey(storeId, m)));
    const [stampLists, keptLists] = await Promise.all([
      Promise.all(years.map((year) => this.days.monthStamps.find({ storeId, year }, { v: 1 }).lean<DayStampDoc[]>())),
      inMemory ? undefined : readKept(),
    ]);
    const monthStamps = new Map(stampLists.flat().map((s) => [s._id, s.v]));
    const stampOf = (month: string) => monthStamps.get(monthKey(storeId, month)) ?? '';
    const moved = months.some((m) => this.memory.get(monthKey(storeId, m))?.v !== stampOf(m));
    for (const doc of (keptLists ?? (moved ? await readKept() : [])).flat()) {
      if (doc.rule === COUNTING_RULE) this.remember(doc._id, doc.v, JSON.parse(doc.days) as MonthDays);
    }
    const out = new Map<string, DayIncome>();
    const stale: StaleMonth[] = [];
    for (const month of months) {
      const v = stampOf(month);
      const kept = this.recall(monthKey(storeId, month));
      const days = kept?.days ?? {};
      const asked = dates.filter((d) => d.startsWith(month));
      if (kept?.v === v && asked.every((d) => days[d])) for (const d of asked) out.set(d, days[d][1]);
      else stale.push({ month, v, days, asked });
    }
    if (stale.length) await this.refresh(storeId, stale, out);
    return out;
  }

  /**
   * Fills `out` with the asked days of stale months: a day's entry in the old month record or its
   * `report_days` record when either was counted under the day's current stamp, else a count from its
   * appointments. Then each month is kept again under the month stamp read before any of its days.
   */
  private async refresh(storeId: number, stale: StaleMonth[], out: Map<string, DayIncome>): Promise<void> {
    const all = stale.flatMap((m) => daysOfMonth(m.month));
    // One equality find per month (FerretDB's cost is per query and per document: 31 reads by _id cost
    // more than a find of the year's 365 stamps), or per year when most of a year is stale.
    const byYear = stale.length > MONTHS_UP_TO;
    const years = unique(all.map((d) => d.slice(0, 4)));
    const within = (model: Model<any>, projection: Record<string, 1>) =>
      Promise.all(byYear ? years.map((year) => model.find({ storeId, year }, projection).lean()) : stale.map((m) => model.find({ storeId, month: m.month }, projection).lean()));
    const dayStamps = new Map<string, string>();
    for (const s of (await within(this.days.stamps, { v: 1 })).flat() as DayStampDoc[]) dayStamps.set(s._id, s.v);
    const stampOf = (date: string) => dayStamps.get(dayKey(storeId, date)) ?? '';

    const known = new Map<string, DayIncome>();
    const unknown: string[] = [];
    for (const m of stale) {
      for (const d of daysOfMonth(m.month)) {
        const e = m.days[d];
        if (e && e[0] === stampOf(d)) known.set(d, e[1]);
        else unknown.push(d);
      }
    }
    if (unknown.length) {
      const docs = (unknown.length <= RECOUNT_AT_ONCE
        ? await Promise.all(unknown.map((d) => this.model.findById(dayKey(storeId, d), { date: 1, v: 1, income: 1, rule: 1 }).lean<ReportDayDoc>()))
        : (await within(this.model, { date: 1, v: 1, income: 1, rule: 1 })).flat()) as Array<ReportDayDoc | null>;
      const wanted = new Set(unknown);
      for (const t of docs) if (t && wanted.has(t.date) && t.rule === COUNTING_RULE && t.v === stampOf(t.date)) known.set(t.date, JSON.parse(t.income) as DayIncome);
    }

    // Asked days first: the answer waits for those; the rest of their months are counted after it.
    const asked = new Set(stale.flatMap((m) => m.asked));
    const toCount = all.filter((d) => !known.has(d)).sort((a, b) => Number(asked.has(b)) - Number(asked.has(a)));
    const counted = this.countAll(storeId, toCount, stampOf, known);
    const askedReady = Promise.all(stale.flatMap((m) => m.asked).map(async (d) => void out.set(d, known.get(d) ?? (await counted.get(d)!))));
    const monthsKept = Promise.all(stale.map((m) => this.keepMonth(storeId, m, stampOf, known, counted)));
    monthsKept.catch(() => undefined);

    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.countWaitMs);
    });
    try {
      if ((await Promise.race([askedReady, waited])) === 'late') {
        const err = new AppError('unavailable', COUNTING_MESSAGE);
        err.headers['Retry-After'] = '30';
        throw err;
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Counts days from their appointments, in the given order; one promise per day. */
  private countAll(storeId: number, dates: string[], stampOf: (date: string) => string, known: Map<string, DayIncome>): Map<string, Promise<DayIncome>> {
    const out = new Map<string, Promise<DayIncome>>();
    // A few days (just written) are read as the calendar reads them: a reload after the write under way is
    // joined and the day stays in memory; many (never counted) are read narrowly and not kept in memory.
    const asDay = dates.length <= AS_DAY_UP_TO;
    for (const d of dates) {
      const p = this.count(storeId, d, stampOf(d), asDay).then((income) => {
        known.set(d, income);
        return income;
      });
      p.catch(() => undefined);
      out.set(d, p);
    }
    return out;
  }

  /**
   * One day's income from its appointments, read after its stamp `v` was; kept under `v`. Counts wait in one
   * queue per instance, RECOUNT_AT_ONCE at a time, so a report asked again while its days are counted joins
   * the counts under way instead of adding readers.
   */
  private count(storeId: number, date: string, v: string, asDay: boolean): Promise<DayIncome> {
    const flight = `${dayKey(storeId, date)}|${v}`;
    let p = this.counting.get(flight);
    if (!p) {
      p = new Promise<DayIncome>((resolve, reject) => {
        this.queue.push(async () => {
          try {
            // The day's load keeps its totals itself (onLoad).
            if (asDay) return resolve(dayIncome(await this.days.load(storeId, date, dayKey(storeId, date), v)));
            const income = dayIncome(await this.days.appointments.find({ storeId, date }, COUNTED).lean<AppointmentDoc[]>());
            await this.save(storeId, date, v, income);
            resolve(income);
          } catch (err) {
            reject(err);
          }
        });
        this.pump();
      }).finally(() => this.counting.delete(flight));
      this.counting.set(flight, p);
    }
    return p;
  }

  private remember(key: string, v: string, days: MonthDays): void {
    this.memory.delete(key);
    this.memory.set(key, { v, days });
    if (this.memory.size > MEMORY_MONTHS) this.memory.delete(this.memory.keys().next().value!);
  }

  private recall(key: string): { v: string; days: MonthDays } | undefined {
    const kept = this.memory.get(key);
    if (kept) this.remember(key, kept.v, kept.days); // most recently used last
    return kept;
  }

  private pump(): void {
    while (this.active < RECOUNT_AT_ONCE && this.queue.length) {
      const job = this.queue.shift()!;
      this.active++;
      void job().finally(() => {
        this.active--;
        this.pump();
      });
    }
  }

  /** Keeps a month again once each of its days is known, under the month stamp read before its days. */
  private keepMonth(storeId: number, m: StaleMonth, stampOf: (date: string) => string, known: Map<string, DayIncome>, counted: Map<string, Promise<DayIncome>>): Promise<void> {
    const flight = `${monthKey(storeId, m.month)}|${m.v}`;
    let p = this.building.get(flight);
    if (!p) {
      p = (async () => {
        const days: MonthDays = {};
        for (const d of daysOfMonth(m.month)) days[d] = [stampOf(d), known.get(d) ?? (await counted.get(d)!)];
        await upsertById(this.months, monthKey(storeId, m.month), { storeId, year: m.month.slice(0, 4), v: m.v, days: JSON.stringify(days), rule: COUNTING_RULE });
        this.remember(monthKey(storeId, m.month), m.v, days);
      })().finally(() => this.building.delete(flight));
      this.building.set(flight, p);
    }
    return p;
  }
}

interface StaleMonth {
  month: string;
  /** the month's stamp as read before its days */
  v: string;
  /** the month's kept days, whatever their stamps */
  days: MonthDays;
  asked: string[];
}
