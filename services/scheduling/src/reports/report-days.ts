import mongoose, { type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '@turnbook/service-kit';
import type { AppointmentDays } from '../appointments/day-read-model';
import type { AppointmentDoc } from '../appointments/model';
import { dayIncome, type DayIncome } from './aggregate';

/**
 * Each store-day's income by column, kept in one record per store and month, so a year's report is one or
 * two `{storeId, year}` equality reads of about 12 small records each instead of 365 day reads (FerretDB decodes every appointment it returns, ~20 ms for a busy
 * day; docs/product/reports.md). A day's entry is `<stamp>|<income JSON>` (one value: FerretDB's cost is per
 * value), or `dirty:<stamp>` once an appointment write marked the day (awaited before the write is answered,
 * with the same new stamp as the day's). A load of the day made under that stamp (the reload every write
 * triggers, or a report's recount) writes the totals back only if the entry is still what it saw, so totals
 * never hide a later write.
 */
interface ReportMonthDoc {
  _id: string;
  storeId: number;
  month: string;
  year: string;
  /** by date (YYYY-MM-DD) */
  t: Record<string, string>;
}

const schema = new mongoose.Schema<ReportMonthDoc>({ _id: String, storeId: Number, month: String, year: String, t: mongoose.Schema.Types.Mixed }, { versionKey: false, minimize: false });
// One round trip per year asked, whatever the number of months (each read costs a round trip to FerretDB).
schema.index({ storeId: 1, year: 1 });

const DIRTY = 'dirty:';
/** Days counted again at once when their totals are missing or stale (each is one day read). */
const RECOUNT_AT_ONCE = 4;

const monthKey = (storeId: number, month: string) => `${storeId}:${month}`;

export class ReportDays {
  readonly model: Model<ReportMonthDoc>;

  constructor(db: Connection, private readonly days: AppointmentDays) {
    this.model = (db.models.ReportMonth as Model<ReportMonthDoc>) ?? db.model<ReportMonthDoc>('ReportMonth', schema, 'report_months');
    days.onMark((storeId, stamps) => this.markDirty(storeId, stamps));
    days.onLoad((storeId, date, stamp, docs) => void this.save(storeId, date, stamp, docs).catch(() => undefined));
  }

  init(): Promise<void> {
    return this.model.init().then(() => undefined);
  }

  private async markDirty(storeId: number, stamps: Array<[string, string]>): Promise<void> {
    const byMonth = new Map<string, Record<string, string>>();
    for (const [date, v] of stamps) {
      const month = date.slice(0, 7);
      byMonth.set(month, { ...byMonth.get(month), [`t.${date}`]: `${DIRTY}${v}` });
    }
    await Promise.all(
      [...byMonth].map(async ([month, set]) => {
        const filter = { _id: monthKey(storeId, month) };
        const update = { $set: { storeId, month, year: month.slice(0, 4), ...set } };
        try {
          await this.model.updateOne(filter, update, { upsert: true });
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          await this.model.updateOne(filter, update);
        }
      }),
    );
  }

  /** Keeps a day's totals counted under `stamp`, unless the day was marked again since (or counted already). */
  private async save(storeId: number, date: string, stamp: string, docs: AppointmentDoc[]): Promise<void> {
    const month = date.slice(0, 7);
    const _id = monthKey(storeId, month);
    const path = `t.${date}`;
    const value = `${stamp}|${JSON.stringify(dayIncome(docs))}`;
    const marked = await this.model.updateOne({ _id, [path]: `${DIRTY}${stamp}` }, { $set: { [path]: value } });
    if (marked.matchedCount) return;
    // Never marked through the service (or never counted): only while still absent.
    const absent = { _id, [path]: { $exists: false } };
    const update = { $set: { storeId, month, year: month.slice(0, 4), [path]: value } };
    try {
      await this.model.updateOne(absent, update, { upsert: true });
    } catch (err) {
      // The month's record exists (made meanwhile by another day's save or a mark): the entry may still be absent.
      if (!isDuplicateKey(err)) throw err;
      await this.model.updateOne(absent, update);
    }
  }

  /** The income of each asked day (sorted dates) of a store. */
  async incomeOf(storeId: number, dates: string[]): Promise<Map<string, DayIncome>> {
    const years = [...new Set(dates.map((d) => d.slice(0, 4)))];
    const lists = await Promise.all(years.map((year) => this.model.find({ storeId, year }, { t: 1 }).lean<Array<Pick<ReportMonthDoc, 't'>>>()));
    const kept = new Map<string, string>();
    for (const doc of lists.flat()) for (const [date, value] of Object.entries(doc.t ?? {})) kept.set(date, value);
    const out = new Map<string, DayIncome>();
    const stale: string[] = [];
    for (const date of dates) {
      const value = kept.get(date);
      if (value === undefined || value.startsWith(DIRTY)) stale.push(date);
      else out.set(date, JSON.parse(value.slice(value.indexOf('|') + 1)) as DayIncome);
    }
    // Each recount reads the day's stamp, then the day; the load keeps its totals (see save).
    for (let i = 0; i < stale.length; i += RECOUNT_AT_ONCE) {
      await Promise.all(stale.slice(i, i + RECOUNT_AT_ONCE).map(async (date) => void out.set(date, dayIncome(await this.days.load(storeId, date)))));
    }
    return out;
  }
}
