import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventData, EventEnvelope } from '@turnbook/contracts';
import { DEFAULT_TIME_ZONE, digitsOnly } from '@turnbook/domain';
import { findEachById } from '@turnbook/service-kit';

/**
 * What texts need from other services, kept from their events (no service reads another's database):
 * stores (name, phone, time zone, settings), appointments (day, time, status, customer), customers
 * (name, phone) and the day's sign-in sheets (the walk-in line). Each document remembers the time of the
 * event that wrote it, so an older event delivered late never undoes a newer one.
 */

export interface StoreView {
  _id: number;
  name: string;
  phone: string;
  timezone: string;
  status: string;
  autoTextOnApprove: boolean;
  at: string;
}

export interface AppointmentView {
  _id: number;
  storeId: number;
  staffId: number;
  customerId: number;
  date: string;
  start: string;
  status: string;
  dayOff: boolean;
  deleted: boolean;
  /** the customer's phone (10 digits) when messaging knows the customer: kept here so a day reads in one query */
  phone: string | null;
  at: string;
}

export interface CustomerView {
  _id: number;
  storeId: number;
  fname: string;
  lname: string;
  /** 10 digits, or null */
  phone: string | null;
  deleted: boolean;
  at: string;
}

export interface SheetView {
  _id: number;
  storeId: number;
  date: string;
  phone: string | null;
  checked: boolean;
  at: string;
}

const stores = new mongoose.Schema<StoreView>(
  { _id: Number, name: String, phone: String, timezone: String, status: String, autoTextOnApprove: Boolean, at: String },
  { versionKey: false },
);
const appointments = new mongoose.Schema<AppointmentView>(
  { _id: Number, storeId: Number, staffId: Number, customerId: Number, date: String, start: String, status: String, dayOff: Boolean, deleted: Boolean, phone: String, at: String },
  { versionKey: false },
);
appointments.index({ storeId: 1, date: 1 });
appointments.index({ storeId: 1, customerId: 1 });
const customers = new mongoose.Schema<CustomerView>(
  { _id: Number, storeId: Number, fname: String, lname: String, phone: String, deleted: Boolean, at: String },
  { versionKey: false },
);
customers.index({ storeId: 1, phone: 1 });
const sheets = new mongoose.Schema<SheetView>({ _id: Number, storeId: Number, date: String, phone: String, checked: Boolean, at: String }, { versionKey: false });
sheets.index({ storeId: 1, date: 1 });

/** Writes `doc` unless what is stored came from a later event. */
async function upsertIfNewer<T extends { _id: number; at: string }>(model: Model<T>, doc: T): Promise<void> {
  const res = await model.updateOne({ _id: doc._id, at: { $lte: doc.at } } as never, { $set: doc } as never);
  if (res.matchedCount) return;
  if (await model.exists({ _id: doc._id } as never)) return;
  try {
    await model.create(doc);
  } catch (err) {
    // Created meanwhile by another event of the same record: apply ours if it is still the newer.
    await model.updateOne({ _id: doc._id, at: { $lte: doc.at } } as never, { $set: doc } as never);
    if (!(await model.exists({ _id: doc._id } as never))) throw err;
  }
}

export class TextReadModels {
  readonly stores: Model<StoreView>;
  readonly appointments: Model<AppointmentView>;
  readonly customers: Model<CustomerView>;
  readonly sheets: Model<SheetView>;

  constructor(db: Connection) {
    this.stores = db.model<StoreView>('TextStore', stores, 'text_stores');
    this.appointments = db.model<AppointmentView>('TextAppointment', appointments, 'text_appointments');
    this.customers = db.model<CustomerView>('TextCustomer', customers, 'text_customers');
    this.sheets = db.model<SheetView>('TextSheet', sheets, 'text_sheets');
  }

  async init(): Promise<void> {
    await Promise.all([this.stores.init(), this.appointments.init(), this.customers.init(), this.sheets.init()]);
  }

  applyStore(env: EventEnvelope<EventData<'store.updated'>>) {
    const s = env.data;
    return upsertIfNewer(this.stores, {
      _id: s.storeId, name: s.name, phone: digitsOnly(s.phone), timezone: s.timezone || DEFAULT_TIME_ZONE, status: s.status,
      autoTextOnApprove: s.settings.autoTextOnApprove, at: env.occurredAt,
    });
  }

  async applyAppointment(env: EventEnvelope<EventData<'appointment.created' | 'appointment.updated' | 'appointment.deleted'>>) {
    const a = env.data;
    const phone = await this.phoneOf(a.storeId, a.customerId);
    await upsertIfNewer(this.appointments, {
      _id: a.id, storeId: a.storeId, staffId: a.staffId, customerId: a.customerId, date: a.date, start: a.start, status: a.status,
      dayOff: a.dayOff, deleted: env.type === 'appointment.deleted', phone, at: env.occurredAt,
    });
    // A new customer's event is handled beside their first appointment's: if it landed between the read above
    // and the write, its update of the appointments missed this one. Reading again closes that gap.
    const now = await this.phoneOf(a.storeId, a.customerId);
    if (now !== phone) await this.appointments.updateOne({ _id: a.id, customerId: a.customerId }, { $set: { phone: now } });
  }

  /** The phone (10 digits) of the store's customer; null when unknown, deleted, another store's or phoneless. */
  async phoneOf(storeId: number, customerId: number): Promise<string | null> {
    const customer = customerId ? await this.customers.findById(customerId, { storeId: 1, phone: 1, deleted: 1 }).lean<CustomerView>() : null;
    return customer && customer.storeId === storeId && !customer.deleted ? customer.phone : null;
  }

  async applyCustomer(env: EventEnvelope<EventData<'customer.created' | 'customer.updated'>>) {
    const c = env.data;
    const digits = digitsOnly(c.phone).slice(-10);
    const phone = digits.length === 10 ? digits : null;
    await upsertIfNewer(this.customers, { _id: c.customerId, storeId: c.storeId, fname: c.fname, lname: c.lname, phone, deleted: false, at: env.occurredAt });
    // Only the latest phone is kept: an older event delivered late is not applied to the appointments either.
    const current = await this.customers.findById(c.customerId, { phone: 1 }).lean<CustomerView>();
    await this.appointments.updateMany({ storeId: c.storeId, customerId: c.customerId }, { $set: { phone: current?.phone ?? null } });
  }

  async applyCustomerDeleted(env: EventEnvelope<EventData<'customer.deleted'>>) {
    await this.customers.updateOne({ _id: env.data.customerId }, { $set: { deleted: true, at: env.occurredAt } });
    await this.appointments.updateMany({ storeId: env.data.storeId, customerId: env.data.customerId }, { $set: { phone: null } });
  }

  applySheetCreated(env: EventEnvelope<EventData<'sheet.created'>>) {
    const s = env.data;
    const phone = digitsOnly(s.customerPhone ?? '').slice(-10);
    return upsertIfNewer(this.sheets, { _id: s.id, storeId: s.storeId, date: s.date, phone: phone.length === 10 ? phone : null, checked: false, at: env.occurredAt });
  }

  async applySheetUpdated(env: EventEnvelope<EventData<'sheet.updated'>>) {
    const s = env.data;
    // The phone came with sheet.created; an update only says whether the person is served.
    const res = await this.sheets.updateOne({ _id: s.id, at: { $lte: env.occurredAt } }, { $set: { checked: !!s.checked, at: env.occurredAt } });
    if (!res.matchedCount && !(await this.sheets.exists({ _id: s.id }))) {
      await upsertIfNewer(this.sheets, { _id: s.id, storeId: s.storeId, date: s.date, phone: null, checked: !!s.checked, at: env.occurredAt });
    }
  }

  store(id: number): Promise<StoreView | null> {
    return this.stores.findById(id).lean<StoreView>();
  }

  appointment(id: number): Promise<AppointmentView | null> {
    return this.appointments.findOne({ _id: id, deleted: false }).lean<AppointmentView>();
  }

  /**
   * The store's appointments with these ids: a bulk reminder names a day's, so the day of the first is read
   * in one query and only ids not in it one at a time (FerretDB decodes every document for an `$in`).
   */
  async appointmentsByIds(storeId: number, ids: number[]): Promise<AppointmentView[]> {
    if (!ids.length) return [];
    const first = await this.appointments.findById(ids[0]).lean<AppointmentView>();
    const day = first && first.storeId === storeId ? await this.appointmentsOfDay(storeId, first.date) : [];
    const wanted = new Set(ids);
    const found = day.filter((a) => wanted.has(a._id));
    const seen = new Set(found.map((a) => a._id));
    const rest = await findEachById<AppointmentView>(this.appointments, ids.filter((id) => !seen.has(id)), { deleted: false });
    return [...found, ...rest];
  }

  appointmentsOfDay(storeId: number, date: string): Promise<AppointmentView[]> {
    return this.appointments.find({ storeId, date, deleted: false }).lean<AppointmentView[]>();
  }

  customersByIds(ids: number[]): Promise<CustomerView[]> {
    return findEachById<CustomerView>(this.customers, ids, { deleted: false });
  }

  /** A customer of the store with this phone (10 digits), if any (index {storeId, phone}). */
  customerByPhone(storeId: number, phone: string): Promise<CustomerView | null> {
    return this.customers.findOne({ storeId, phone, deleted: false }).lean<CustomerView>();
  }

  async customersByPhones(storeId: number, phones: string[]): Promise<CustomerView[]> {
    const found = await Promise.all([...new Set(phones)].map((phone) => this.customers.find({ storeId, phone, deleted: false }).lean<CustomerView[]>()));
    return found.flat();
  }

  /** The day's line in arrival order (sheet ids grow with arrival). */
  sheetsOfDay(storeId: number, date: string): Promise<SheetView[]> {
    return this.sheets.find({ storeId, date }).sort({ _id: 1 }).lean<SheetView[]>();
  }
}
