import mongoose, { type Connection, type Model } from 'mongoose';
import { upsertById } from '@turnbook/service-kit';
import { dayKey, type AppointmentDays, type DayStampDoc } from '../appointments/day-read-model';
import type { AppointmentDoc } from '../appointments/model';
import { dayIncome, type DayIncome } from './aggregate';

/**
 * Each store-day's income by column, kept beside the appointments so a year's report reads two
 * `{storeId, year}` equality queries (the days' totals and the days' stamps) instead of 365 day reads
 * (FerretDB decodes every appointment it returns, ~20 ms for a busy day; docs/product/reports.md).
 * A day's totals carry the day stamp they were counted under and count only while the stamp is unchanged;
 * every appointment write moves its day's stamp, and the day's reload after the write counts it again here.
 * No conditional update is relied on (FerretDB's are not atomic): a stale record is seen by its stamp.
 */
interface ReportDayDoc {
  _id: string;
  storeId: number;
  year: string;
  date: string;
  v: string;
  /** the day's income by column as JSON: one value to decode (FerretDB's cost is per value) */
  income: string;
}

const schema = new mongoose.Schema<ReportDayDoc>({ _id: String, storeId: Number, year: String, date: String, v: String, income: String }, { versionKey: false });
schema.index({ storeId: 1, year: 1 });

/** Days counted again at once when their totals are missing or stale (each is one day read). */
const RECOUNT_AT_ONCE = 4;

export class ReportDays {
  readonly model: Model<ReportDayDoc>;

  constructor(db: Connection, private readonly days: AppointmentDays) {
    this.model = (db.models.ReportDay as Model<ReportDayDoc>) ?? db.model<ReportDayDoc>('ReportDay', schema, 'report_days');
    days.onLoad((storeId, date, stamp, docs) => void this.save(storeId, date, stamp, docs).catch(() => undefined));
  }

  /** Makes the collection and gives stamps written before they carried their store and year both. */
  async init(): Promise<void> {
    await this.model.init();
    const legacy = await this.days.stamps.find({ year: { $exists: false } }, { _id: 1 }).lean<Array<Pick<DayStampDoc, '_id'>>>();
    for (const { _id } of legacy) {
      const m = /^(\d+):(\d{4})-\d{2}-\d{2}$/.exec(_id);
      if (m) await this.days.stamps.updateOne({ _id }, { $set: { storeId: Number(m[1]), year: m[2] } });
    }
  }

  private save(storeId: number, date: string, v: string, docs: AppointmentDoc[]): Promise<void> {
    return upsertById(this.model, dayKey(storeId, date), { storeId, year: date.slice(0, 4), date, v, income: JSON.stringify(dayIncome(docs)) });
  }

  /** The income of each asked day (sorted dates) of a store, current as of the stamps read first. */
  async incomeOf(storeId: number, dates: string[]): Promise<Map<string, DayIncome>> {
    const years = [...new Set(dates.map((d) => d.slice(0, 4)))];
    const [stampLists, totalLists] = await Promise.all([
      Promise.all(years.map((year) => this.days.stamps.find({ storeId, year }, { v: 1 }).lean<DayStampDoc[]>())),
      Promise.all(years.map((year) => this.model.find({ storeId, year }, { date: 1, v: 1, income: 1 }).lean<ReportDayDoc[]>())),
    ]);
    const stamps = new Map(stampLists.flat().map((s) => [s._id, s.v]));
    const totals = new Map(totalLists.flat().map((t) => [t.date, t]));
    const out = new Map<string, DayIncome>();
    const stale: string[] = [];
    for (const date of dates) {
      const t = totals.get(date);
      if (t && t.v === (stamps.get(dayKey(storeId, date)) ?? '')) out.set(date, JSON.parse(t.income) as DayIncome);
      else stale.push(date);
    }
    // Each recount reads the day's stamp, then the day (the load keeps its totals under that stamp).
    for (let i = 0; i < stale.length; i += RECOUNT_AT_ONCE) {
      await Promise.all(stale.slice(i, i + RECOUNT_AT_ONCE).map(async (date) => void out.set(date, dayIncome(await this.days.load(storeId, date)))));
    }
    return out;
  }
}
