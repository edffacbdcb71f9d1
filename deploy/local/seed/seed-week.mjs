// Writes the demo week (demo-week.mjs). Today and the days ahead go through the public API as the salon
// would write them: staff bookings, check-outs and cancellations as the owner, online requests through the
// booking page's call (so they take their claims under the no-double-booking index like any request), then
// approvals. The days before today cannot be booked through the API (a booking before today is refused), so
// they are written straight to the scheduling database, and each day's stamp is renewed so every scheduling
// instance rereads that day. A day that already has appointments is left as it is: safe to re-run.
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { MongoClient } from 'mongodb';
import { planDemoWeek, time12 } from './demo-week.mjs';

const SCHEDULING_DB = 'turnbook-scheduling';
const BILLING_DB = 'turnbook-billing';

/**
 * Online requests are made by the demo customer's account (`visitor`: its API caller and its customer in the
 * store), as the booking page would: a request is tied to an account whose phone is the customer's.
 * @param {{ asOwner: Function, visitor: { as: Function, customerId: number, phone: string }, mongoUrl?: string, store: any, staff: any[], services: any[],
 *   customers: any[], daysOff: Array<{ staffId: number, date: string }>, ownerId: number, log?: (line: string) => void }} o
 * @returns {Promise<{ written: number, skipped: string[] }>}
 */
export async function seedDemoWeek({ asOwner, visitor, mongoUrl, store, staff, services, customers, daysOff, ownerId, log = console.log }) {
  const zone = store.timezone || 'America/New_York';
  const plan = planDemoWeek({
    now: DateTime.now().setZone(zone),
    hours: store.hours,
    staff,
    services: services.map((s) => ({ ...s, price: Number(s.price ?? 0) })),
    customers,
    daysOff,
  });
  const counts = {};
  // The days side by side (each day's bookings in order: a group's members follow its lead), as e2e waits for
  // the seed. Each day says what it was; the lists keep the plan's order.
  const outcomes = await Promise.all(plan.map(async (day) => {
    const have = await asOwner('GET', `getAppointmentsByStoreIdAndDate/${store.id}/${day.date}`);
    const existing = [...have.appointments, ...have.appointmentsNull, ...have.appointmentsCancel, ...have.appointmentsOnline];
    if (existing.some((a) => a.customerId !== 0)) return { day, is: 'there', written: 0 };
    if (day.when === 'past') return { day, is: 'past', written: 0 };
    return { day, is: 'written', written: await writeThroughApi(asOwner, visitor, store, day, counts) };
  }));
  const days = (is) => outcomes.filter((o) => o.is === is).map((o) => o.day);
  const skipped = days('there').map((d) => d.date);
  const past = days('past');
  let written = outcomes.reduce((sum, o) => sum + o.written, 0);
  if (past.length) {
    if (!mongoUrl) throw new Error('MONGO_URL is not set: the days before today are written to the database');
    written += await writeStraight(mongoUrl, store, past, ownerId, counts);
  }
  const kinds = Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ');
  log(`  week: ${written} appointments${kinds ? ` (${kinds})` : ''}${skipped.length ? `; days already there: ${skipped.join(', ')}` : ''}`);
  return { written, skipped };
}

const tally = (counts, key) => { counts[key] = (counts[key] ?? 0) + 1; };

async function writeThroughApi(asOwner, visitor, store, day, counts) {
  let n = 0;
  const groupLead = new Map();
  const base = (b) => ({ storeId: store.id, staffId: b.staffId, customerId: b.customerId, serviceIds: b.serviceIds, date: day.date, start: time12(b.startMin), end: time12(b.endMin), note: b.note });
  for (const b of day.bookings.filter((x) => x.kind !== 'online')) {
    const lead = b.group ? groupLead.get(b.group) : undefined;
    const { appointment } = await asOwner('POST', 'appointment', { ...base(b), ...(lead ? { appointmentId: lead } : {}) });
    if (b.group && !lead) groupLead.set(b.group, appointment.id);
    n++;
    if (b.kind === 'dayOff') tally(counts, 'days off');
    else if (b.group) tally(counts, 'in groups');
    if (b.outcome === 'CANCEL') {
      await asOwner('GET', `cancelAppointment/${appointment.id}`);
      tally(counts, 'cancelled');
    } else if (b.sale > 0) {
      await asOwner('PATCH', `appointment/${appointment.id}`, { sale: b.sale });
      tally(counts, 'checked out');
    }
  }
  for (const b of day.bookings.filter((x) => x.kind === 'online')) {
    const { appointment } = await visitor.as('POST', 'public_bookAppointmentOnline', { ...base(b), customerId: visitor.customerId, note: 'booked online', createdBy: 0, modifiedBy: 0 });
    n++;
    if (b.outcome === 'APPROVED') {
      await asOwner('GET', `approveAppointment/${appointment.id}/${visitor.phone}`);
      tally(counts, 'online approved');
    } else tally(counts, 'online pending');
  }
  return n;
}

/** The days before today, as the service would have written them then (no events: they are history). */
async function writeStraight(mongoUrl, store, days, ownerId, counts) {
  const client = await MongoClient.connect(mongoUrl, { retryWrites: false });
  try {
    const db = client.db(SCHEDULING_DB);
    const docs = days.flatMap((day) => day.bookings.map((b) => ({ day, b })));
    const counter = await db.collection('counters').findOne({ _id: 'appointments' });
    // The service moves this counter past every id it writes; a sort over all appointments would make
    // FerretDB decode each one (no sort pushdown), minutes on a year of data.
    const top = counter ? [] : await db.collection('appointments').find({}, { projection: { _id: 1 } }).sort({ _id: -1 }).limit(1).toArray();
    const first = Math.max(Number(top[0]?._id ?? 0), Number(counter?.seq ?? 0)) + 1;
    const rows = docs.map(({ day, b }, k) => {
      const at = DateTime.fromISO(`${day.date}T00:00`, { zone: store.timezone || 'America/New_York' }).plus({ minutes: b.startMin }).toJSDate();
      const id = first + k;
      const online = b.kind === 'online';
      if (b.kind === 'dayOff') tally(counts, 'days off');
      else if (online) tally(counts, 'online approved');
      else if (b.outcome === 'CANCEL') tally(counts, 'cancelled');
      else if (b.sale > 0) tally(counts, 'checked out');
      const by = online ? 0 : ownerId;
      return {
        _id: id, storeId: store.id, staffId: b.staffId, customerId: b.customerId, serviceIds: b.serviceIds,
        services: b.services.map((s) => ({ id: s.id, name: s.name, price: Number(s.price ?? 0), duration: s.duration })),
        date: day.date, start: time12(b.startMin), end: time12(b.endMin), startMin: b.startMin, endMin: b.endMin,
        note: online ? 'booked online' : b.note, status: b.outcome, createdBy: by, modifiedBy: by, sale: Math.round(b.sale * 100),
        holdKey: randomUUID(), claimStaffId: null,
        customerFname: b.customer?.fname ?? '', customerLname: b.customer?.lname ?? '', customerPhone: b.customer?.phone ?? '',
        customerEmail: b.customer?.email ?? '', customerStatus: b.customer?.status ?? '',
        created_at: at, updated_at: at,
      };
    });
    if (!rows.length) return 0;
    await db.collection('appointments').insertMany(rows, { ordered: true });
    const last = first + rows.length - 1;
    await db.collection('counters').updateOne({ _id: 'appointments' }, { $max: { seq: last } }, { upsert: true });
    // The salon's card terminal took these check-outs' payments: the demo terminal's record of them in
    // billing (what billing hears from appointment events for days written through the service).
    const paid = rows.filter((r) => r.sale > 0 && r.status !== 'CANCEL' && r.customerId !== 0);
    if (paid.length) {
      await client.db(BILLING_DB).collection('checkouts').insertMany(
        // checked out as the appointment ended: the payment's time
        paid.map((r) => ({
          _id: r._id, storeId: r.storeId, staffId: r.staffId, date: r.date, end: r.end, status: r.status, sale: r.sale,
          paidAt: DateTime.fromISO(`${r.date}T00:00`, { zone: store.timezone || 'America/New_York' }).plus({ minutes: r.endMin }).toUTC().toISO(), at: r.updated_at.toISOString(), seq: 0,
        })),
        { ordered: false },
      );
    }
    // Any scheduling instance that read one of these days before keeps no stale copy.
    for (const day of days) {
      await db.collection('appointment_day_stamps').updateOne({ _id: `${store.id}:${day.date}` }, { $set: { v: randomUUID(), storeId: store.id, year: day.date.slice(0, 4), month: day.date.slice(0, 7) } }, { upsert: true });
      await db.collection('appointment_month_stamps').updateOne({ _id: `${store.id}:${day.date.slice(0, 7)}` }, { $set: { v: randomUUID(), storeId: store.id, year: day.date.slice(0, 4) } }, { upsert: true });
    }
    return rows.length;
  } finally {
    await client.close();
  }
}
