import mongoose, { type Connection, type Model } from 'mongoose';
import type { messaging } from '@turnbook/contracts';
import { conflict, isDuplicateKey } from '@turnbook/service-kit';

/**
 * A store's texting settings and its opt-out list. "You're up next" is on unless the owner turns it off
 * (the walk-in gave the phone to be called back); reminders the day before are off unless an hour is set;
 * the store's emails about online requests are on unless the owner turns them off (docs/decisions.md).
 */
export const DEFAULT_SMS_SETTINGS: messaging.SmsSettings = { senderNumber: null, upNextText: true, reminderHour: null, requestEmails: true };

interface SettingsDoc extends messaging.SmsSettings {
  _id: number;
  /** the last store-local day whose reminders for the next day went out */
  remindedFor: string | null;
}

interface OptOutDoc {
  /** `<storeId>:<10 digits>` */
  _id: string;
  storeId: number;
  phone: string;
  at: Date;
}

const settingsSchema = new mongoose.Schema<SettingsDoc>(
  { _id: Number, senderNumber: { type: String, default: null }, upNextText: Boolean, reminderHour: { type: Number, default: null }, requestEmails: Boolean, remindedFor: { type: String, default: null } },
  { versionKey: false },
);
settingsSchema.index({ senderNumber: 1 });
settingsSchema.index({ reminderHour: 1 });
const optOutSchema = new mongoose.Schema<OptOutDoc>({ _id: String, storeId: Number, phone: String, at: Date }, { versionKey: false });
optOutSchema.index({ storeId: 1 });

const view = (d: SettingsDoc | null): messaging.SmsSettings =>
  d ? { senderNumber: d.senderNumber ?? null, upNextText: d.upNextText ?? DEFAULT_SMS_SETTINGS.upNextText, reminderHour: d.reminderHour ?? null, requestEmails: d.requestEmails ?? DEFAULT_SMS_SETTINGS.requestEmails } : { ...DEFAULT_SMS_SETTINGS };

export class SmsSettingsRepository {
  readonly settings: Model<SettingsDoc>;
  readonly optOuts: Model<OptOutDoc>;

  constructor(db: Connection) {
    this.settings = db.model<SettingsDoc>('SmsSettings', settingsSchema, 'sms_settings');
    this.optOuts = db.model<OptOutDoc>('SmsOptOut', optOutSchema, 'sms_opt_outs');
  }

  async init(): Promise<void> {
    await Promise.all([this.settings.init(), this.optOuts.init()]);
  }

  async of(storeId: number): Promise<messaging.SmsSettings> {
    return view(await this.settings.findById(storeId).lean<SettingsDoc>());
  }

  async update(storeId: number, changes: Partial<messaging.SmsSettings>): Promise<messaging.SmsSettings> {
    if (changes.senderNumber) {
      // Replies are routed to a store by the number they were sent to: one store per number.
      const other = await this.settings.findOne({ senderNumber: changes.senderNumber, _id: { $ne: storeId } }, { _id: 1 }).lean();
      if (other) throw conflict('senderNumber: another store already sends from this number', 'senderNumber');
    }
    const next = { ...(await this.of(storeId)), ...changes };
    const res = await this.settings.updateOne({ _id: storeId }, { $set: next });
    if (!res.matchedCount) {
      try {
        await this.settings.create({ _id: storeId, ...next, remindedFor: null });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        await this.settings.updateOne({ _id: storeId }, { $set: next });
      }
    }
    return next;
  }

  async storeBySender(number: string): Promise<number | null> {
    const d = await this.settings.findOne({ senderNumber: number }, { _id: 1 }).lean<Pick<SettingsDoc, '_id'>>();
    return d?._id ?? null;
  }

  /** Stores whose day-before reminders are on, with the day they last went out for. */
  withReminders(): Promise<Array<Pick<SettingsDoc, '_id' | 'reminderHour' | 'remindedFor'>>> {
    return this.settings.find({ reminderHour: { $ne: null } }, { _id: 1, reminderHour: 1, remindedFor: 1 }).lean();
  }

  /** Marks a day's reminders as done, once: false when another run did it first. */
  async markReminded(storeId: number, day: string, previous: string | null): Promise<boolean> {
    const res = await this.settings.updateOne({ _id: storeId, remindedFor: previous }, { $set: { remindedFor: day } });
    return res.modifiedCount === 1;
  }

  async optOut(storeId: number, phone: string): Promise<void> {
    try {
      await this.optOuts.create({ _id: `${storeId}:${phone}`, storeId, phone, at: new Date() });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  async optIn(storeId: number, phone: string): Promise<void> {
    await this.optOuts.deleteOne({ _id: `${storeId}:${phone}` });
  }

  async isOptedOut(storeId: number, phone: string): Promise<boolean> {
    return !!(await this.optOuts.exists({ _id: `${storeId}:${phone}` }));
  }

  async optedOutOf(storeId: number, phones: string[]): Promise<Set<string>> {
    // A store's opt-outs are few: one indexed read of them all (FerretDB decodes everything for an `$in`).
    if (!phones.length) return new Set();
    const docs = await this.optOuts.find({ storeId }, { phone: 1 }).lean<Array<Pick<OptOutDoc, 'phone'>>>();
    const wanted = new Set(phones);
    return new Set(docs.map((d) => d.phone).filter((p) => wanted.has(p)));
  }
}
