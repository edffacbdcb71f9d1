import mongoose, { type Connection, type Model } from 'mongoose';
import { upsertById } from '@turnbook/service-kit';
import { dayKey, type AppointmentDays, type DayStampDoc } from '../appointments/day-read-model';
import type { AppointmentDoc } from '../appointments/model';
import { dayIncome, type DayIncome } from './aggregate';

/**
 * Each store-day's income by column, kept beside the appointments so a year's report reads about 13
 * month-sized equality queries instead of 365 day reads (FerretDB decodes every appointment it returns,
 * ~20 ms for a busy day; docs/product/reports.md). A day's totals carry the day stamp they were counted
 * under and are used only while the stamp is unchanged; otherwise the day is counted again from the
 * appointments. Every write of an appointment moves its day's stamp after the write, and the reload that
 * follows recounts it here, so reports mostly find the totals current.
 */
interface ReportDayDoc {
  _id: string;
  storeId: number;
  month: string;
  date: string;
  v: string;
  income: DayIncome;
}

const schema = new mongoose.Schema<ReportDayDoc>(
  { _id: String, storeId: Number, month: String, date: String, v: String, income: mongoose.Schema.Types.Mixed },
  { versionKey: false, minimize: false },
);
schema.index({ storeId: 1, month: 1 });

/** Days counted again at once when their totals are missing or stale (each is one day read). */
const RECOUNT_AT_ONCE = 4;

export class ReportDays {
  readonly model: Model<ReportDayDoc>;

  constructor(db: Connection, private readonly days: AppointmentDays) {
    this.model = (db.models.ReportDay as Model<ReportDayDoc>) ?? db.model<ReportDayDoc>('ReportDay', schema, 'report_days');
    days.onLoad((storeId, date, stamp, docs) => void this.save(storeId, date, stamp, docs).catch(() => undefined));
  }

  /** Makes the collection and gives stamps written before they carried their store and month both. */
  async init(): Promise<void> {
    await this.model.init();
    const legacy = await this.days.stamps.find({ month: { $exists: false } }, { _id: 1 }).lean<Array<Pick<DayStampDoc, '_id'>>>();
    for (const { _id } of legacy) {
      const m = /^(\d+):(\d{4}-\d{2})-\d{2}$/.exec(_id);
      if (m) await this.days.stamps.updateOne({ _id, month: { $exists: false } }, { $set: { storeId: Number(m[1]), month: m[2] } });
    }
  }

  private save(storeId: number, date: string, v: string, docs: AppointmentDoc[]): Promise<void> {
    return upsertById(this.model, dayKey(storeId, date), { storeId, month: date.slice(0, 7), date, v, income: dayIncome(docs) });
  }

  /** The income of each asked day (sorted dates) of a store, current as of the stamps read first. */
  async incomeOf(storeId: number, dates: string[]): Promise<Map<string, DayIncome>> {
    const months = [...new Set(dates.map((d) => d.slice(0, 7)))];
    const [stampLists, totalLists] = await Promise.all([
      Promise.all(months.map((month) => this.days.stamps.find({ storeId, month }, { v: 1 }).lean<DayStampDoc[]>())),
      Promise.all(months.map((month) => this.model.find({ storeId, month }, { date: 1, v: 1, income: 1 }).lean<ReportDayDoc[]>())),
    ]);
    const stamps = new Map(stampLists.flat().map((s) => [s._id, s.v]));
    const totals = new Map(totalLists.flat().map((t) => [t.date, t]));
    const out = new Map<string, DayIncome>();
    const stale: Array<{ date: string; v: string }> = [];
    for (const date of dates) {
      const v = stamps.get(dayKey(storeId, date)) ?? '';
      const t = totals.get(date);
      if (t && t.v === v) out.set(date, t.income ?? {});
      else stale.push({ date, v });
    }
    // The stamp is read before the day, so totals saved under it never hide a write the stamp had seen.
    for (let i = 0; i < stale.length; i += RECOUNT_AT_ONCE) {
      await Promise.all(
        stale.slice(i, i + RECOUNT_AT_ONCE).map(async ({ date, v }) => {
          out.set(date, dayIncome(await this.days.load(storeId, date, dayKey(storeId, date), v)));
        }),
      );
    }
    return out;
  }
}
