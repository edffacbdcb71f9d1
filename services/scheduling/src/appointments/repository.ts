import type { Connection, Model } from 'mongoose';
import type { EventEnvelope } from '@turnbook/contracts';
import type { EventBus, StampChangeBroadcast } from '@turnbook/service-kit';
import type { StaffPeople } from '../staff/people';
import { AppointmentClaims, newHoldKey } from './claims';
import { AppointmentDays } from './day-read-model';
import { PersonElsewhere } from './elsewhere';
import { requestEvent } from './events';
import { appointmentModel, type AppointmentDoc } from './model';

export type NewAppointment = Omit<AppointmentDoc, '_id' | 'created_at' | 'updated_at'>;
export type AppointmentChanges = Partial<Omit<AppointmentDoc, '_id' | 'storeId' | 'rev' | 'created_at' | 'updated_at'>>;

const DAY_OFF = { customerId: 0, serviceIds: '0' };

/** A move to another day names the day it left, so a calendar refreshes both (whichever use case moved it). */
function withPreviousDate(e: EventEnvelope, before: AppointmentDoc | null): EventEnvelope {
  const data = e.data as { date?: string };
  if (e.type !== 'appointment.updated' || !before || data.date === before.date) return e;
  return { ...e, data: { ...data, previousDate: before.date } };
}

export class AppointmentRepository {
  readonly model: Model<AppointmentDoc>;
  /** Fast day reads; every write below marks the days it changed. */
  readonly days: AppointmentDays;

  /** Each person's steps held by live appointments, across their stores; every write below keeps them in line. */
  readonly claims: AppointmentClaims;

  /** A staff member's appointments at the other stores they work at (staff bookings name them as overlaps). */
  readonly elsewhere: PersonElsewhere;

  constructor(db: Connection, private readonly bus: EventBus, zoneOf: (storeId: number) => Promise<string>, people: Pick<StaffPeople, 'keyOf' | 'recordsOf'>, stampChanges?: StampChangeBroadcast) {
    this.model = appointmentModel(db);
    this.days = new AppointmentDays(db, this.model, stampChanges);
    this.claims = new AppointmentClaims(db, this.model, zoneOf, people);
    this.elsewhere = new PersonElsewhere(this.model, zoneOf, people);
    bus.track(this.model);
  }

  byId(id: number): Promise<AppointmentDoc | null> {
    return this.model.findById(id).lean<AppointmentDoc>();
  }

  /** Inserts with the next id, in one write with the events built from the saved appointment (its id included). */
  async insert(a: NewAppointment, events: (doc: AppointmentDoc) => EventEnvelope[]): Promise<AppointmentDoc> {
    const now = new Date();
    let days: string[] = [];
    const created = await this.bus.insertNumbered<AppointmentDoc>(
      this.model,
      { holdKey: newHoldKey(), ...a, created_at: now, updated_at: now },
      { counter: 'appointments', start: 1 },
      (saved) => {
        const request = requestEvent(this.bus, saved, null);
        return request ? [...events(saved), request] : events(saved);
      },
      // A calendar that reads the day again on the event must find the write: the day stamp moves first.
      async (saved) => {
        [, days] = await Promise.all([this.claims.sync(saved), this.days.mark(saved.storeId, [saved.date])]);
      },
    );
    this.days.warm(created.storeId, days);
    return created;
  }

  /**
   * An online request: its claims first, every one or none (null: the slot is taken), then the
   * appointment. If the appointment cannot be written, the claims go.
   */
  async insertClaimed(a: NewAppointment, events: (doc: AppointmentDoc) => EventEnvelope[]): Promise<AppointmentDoc | null> {
    const holdKey = newHoldKey();
    if (!(await this.claims.claimAll(a, holdKey))) return null;
    try {
      return await this.insert({ ...a, holdKey }, events);
    } catch (err) {
      await this.claims.drop(holdKey);
      throw err;
    }
  }

  /**
   * `expect`: fields the record must still have for the change to apply (null and nothing written when not);
   * `{ rev: null }` matches a record no change has reached yet.
   */
  async update(id: number, changes: AppointmentChanges, events: EventEnvelope[], expect: { [K in keyof AppointmentDoc]?: AppointmentDoc[K] | null } = {}): Promise<AppointmentDoc | null> {
    const before = await this.byId(id);
    // Records written before claims existed get their key on their first change.
    const key = before && !before.holdKey ? { holdKey: newHoldKey() } : {};
    const request = before ? requestEvent(this.bus, { ...before, ...changes } as AppointmentDoc, before) : null;
    const all = [...events.map((e) => withPreviousDate(e, before)), ...(request ? [request] : [])];
    const { matchedCount } = await this.model.updateOne(
      { ...expect, _id: id },
      { $set: { ...key, ...changes, updated_at: new Date(), ...this.bus.withEvents(...all) }, $inc: { rev: 1 } },
    );
    if (matchedCount === 0) return null;
    const after = await this.byId(id);
    // The day stamp moves before the events go out, so a calendar reading again on an event sees the change.
    const [, days] = await Promise.all([after ? this.claims.sync(after) : undefined, before ? this.days.mark(before.storeId, [before.date, after?.date ?? before.date]) : []]);
    await this.bus.flush(this.model, id);
    if (before) this.days.warm(before.storeId, days);
    return after;
  }

  async delete(id: number, event: EventEnvelope): Promise<void> {
    const before = await this.byId(id);
    await this.bus.deleteWithEvent(this.model, id, event, async () => {
      if (before) await this.claims.sync(before, true);
      if (before) await this.days.touch(before.storeId, [before.date]);
    });
    const request = before ? requestEvent(this.bus, { ...before, status: 'CANCEL' }, before) : null;
    if (request) await this.bus.publishDurably(request);
  }

  /**
   * Moves an online request to another time that must be free when written (a store's suggestion): its old
   * steps go first (a new time overlapping the old one must not be blocked by itself), then every new claim
   * or none. Null when the new time is taken; the request then takes back what it still can of its old time.
   */
  async moveClaimed(before: AppointmentDoc, changes: AppointmentChanges, events: EventEnvelope[]): Promise<AppointmentDoc | null> {
    const holdKey = newHoldKey();
    const next = { ...before, ...changes } as AppointmentDoc;
    if (before.holdKey) await this.claims.sync(before, true);
    if (!(await this.claims.claimAll(next, holdKey))) {
      if (before.holdKey) await this.claims.sync(before);
      return null;
    }
    try {
      return await this.update(before._id, { ...changes, holdKey }, events);
    } catch (err) {
      await this.claims.drop(holdKey);
      throw err;
    }
  }

  /** Every appointment of a staff member's column in a store (a migration moves them). */
  ofStaff(storeId: number, staffId: number): Promise<AppointmentDoc[]> {
    return this.model.find({ storeId, staffId }, { _pendingEvents: 0, _hasPending: 0 }).sort({ date: 1, startMin: 1, _id: 1 }).lean<AppointmentDoc[]>();
  }

  /** The store's appointments from a date on, soonest first. */
  fromDate(storeId: number, since: string): Promise<AppointmentDoc[]> {
    return this.model.find({ storeId, date: { $gte: since } }, { _pendingEvents: 0, _hasPending: 0 }).sort({ date: 1, startMin: 1, _id: 1 }).lean<AppointmentDoc[]>();
  }

  /** The store's online requests waiting for it (what the bell counts), soonest first. */
  async requests(storeId: number, statuses: AppointmentDoc['status'][]): Promise<AppointmentDoc[]> {
    // One `{storeId, status}` equality per status: FerretDB serves it from its index, never a `$in`, which
    // read every appointment of the store (docs/decisions.md, "Reads by a list of ids").
    const lists = await Promise.all(statuses.map((status) => this.model.find({ storeId, status }, { _pendingEvents: 0, _hasPending: 0 }).lean<AppointmentDoc[]>()));
    // Walk-ins are known by their sheet (or booked as one): never online requests.
    return lists
      .flat()
      .filter((a) => a.walkIn !== true && a.sheetId == null)
      .sort((a, b) => a.date.localeCompare(b.date) || a.startMin - b.startMin || a._id - b._id);
  }

  /** A staff member's days off, by date then start. */
  daysOffOf(staffId: number): Promise<AppointmentDoc[]> {
    return this.model.find({ staffId, ...DAY_OFF }).sort({ date: 1, startMin: 1, _id: 1 }).lean<AppointmentDoc[]>();
  }

  /** A customer's appointments in a store since a date, newest first. */
  ofCustomer(storeId: number, customerId: number, since: string): Promise<AppointmentDoc[]> {
    return this.model
      .find({ storeId, customerId, date: { $gte: since } })
      .sort({ date: -1, startMin: -1, _id: -1 })
      .lean<AppointmentDoc[]>();
  }

  /** Every appointment of customers with this phone (digits) since a date, in any store (a customer's /appointments). */
  ofCustomerPhone(phone: string, since: string): Promise<AppointmentDoc[]> {
    return this.model.find({ customerPhone: phone, date: { $gte: since } }, { _pendingEvents: 0, _hasPending: 0 }).lean<AppointmentDoc[]>();
  }

  /** The online requests made from an account since a date (before its phone is verified, its only appointments). */
  ofAccount(accountId: number, since: string): Promise<AppointmentDoc[]> {
    return this.model.find({ accountId, date: { $gte: since } }, { _pendingEvents: 0, _hasPending: 0 }).lean<AppointmentDoc[]>();
  }

  /** Keeps the customer copy on a customer's appointments current (customers' read model). */
  async setCustomerDetails(storeId: number, customerId: number, details: Pick<AppointmentDoc, 'customerFname' | 'customerLname' | 'customerPhone' | 'customerEmail' | 'customerStatus'>): Promise<void> {
    await this.model.updateMany({ storeId, customerId }, { $set: details });
    await this.days.touch(storeId, await this.days.datesOfCustomer(storeId, customerId));
  }

  /** A merge moves the removed customer's appointments to the kept one. */
  async moveCustomer(storeId: number, fromId: number, toId: number): Promise<number> {
    const res = await this.model.updateMany({ storeId, customerId: fromId }, { $set: { customerId: toId } });
    await this.days.touch(storeId, await this.days.datesOfCustomer(storeId, toId));
    return res.modifiedCount;
  }
}
