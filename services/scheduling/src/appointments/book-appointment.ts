import { formatTime12, MINUTES_PER_DAY, nearestQuarter, ONLINE_COLUMN, STEP_MINUTES, storeDay, wallMinuteAt } from '@turnbook/domain';
import { MESSAGES } from '@turnbook/contracts';
import type { AppointmentCreateBody } from '@turnbook/contracts/schemas/scheduling';
import { notFound, type EventBus } from '@turnbook/service-kit';
import { timeRange } from '../days-off/day-off-rules';
import type { CustomersClient } from '../clients/customers-client';
import type { CustomerCopyRepository } from '../customer-appointments/customer-copies';
import { catchUpCustomerDetails } from '../customer-appointments/late-customer-details';
import type { LogRepository } from '../logs/repository';
import type { ServiceRepository } from '../services/repository';
import type { StaffRepository } from '../staff/repository';
import type { StoreRepository } from '../stores/repository';
import { bookableStaff, customerOfStore, insideStoreHours, logRecord, notBeforeToday, onTheStoreClock, overlapsOf, overlapText, serviceSnapshots, staffWorksThatDay, unassignedText, type Overlap } from './appointment-rules';
import { appointmentEvent } from './events';
import type { AppointmentDoc } from './model';
import type { AppointmentRepository, NewAppointment } from './repository';
import { appointmentView } from './view';

export interface BookAppointmentDeps {
  stores: Pick<StoreRepository, 'byId'>;
  staff: Pick<StaffRepository, 'byId'>;
  services: Pick<ServiceRepository, 'ofStore'>;
  appointments: Pick<AppointmentRepository, 'insert' | 'model' | 'elsewhere' | 'setCustomerDetails'>;
  logs: Pick<LogRepository, 'add'>;
  customerCopies: Pick<CustomerCopyRepository, 'detailsOf'>;
  customers: Pick<CustomersClient, 'byId'>;
  bus: EventBus;
}

/** What a booking answers: the appointment, what it overlaps, and where it went when not where asked. */
export type BookingAnswer = { appointment: ReturnType<typeof appointmentView>; overlaps?: Overlap[]; notice?: string };

/** A booking checked and read, ready to be written (a group checks every member before writing any). */
export interface CheckedBooking {
  body: AppointmentCreateBody;
  doc: NewAppointment;
  staff: Awaited<ReturnType<typeof bookableStaff>>['employee'];
  notice?: string;
  customer: Awaited<ReturnType<CustomerCopyRepository['detailsOf']>>;
  /** what it overlaps, as read before any write */
  overlaps: Overlap[];
}

/**
 * A staff booking (the calendar wizard, rebook, a group's one appointment per person). Staff may overbook:
 * the answer names what it overlaps and the activity log records it (docs/product/availability.md).
 * `by` is the caller's user id, 0 for the front desk. From the sign-in wizard's devices (the kiosk, the
 * front desk) a PENDING booking on the walk-in column is a walk-in.
 */
export async function bookAppointment(deps: BookAppointmentDeps, by: number, body: AppointmentCreateBody, from: { signInDevice?: boolean } = {}): Promise<BookingAnswer> {
  const checked = await checkBooking(deps, by, body, from);
  const created = await insertBooking(deps, checked);
  return finishBooking(deps, by, checked, created, [created._id]);
}

/** Every check and read of a booking, nothing written: a bad field is refused here. */
export async function checkBooking(deps: BookAppointmentDeps, by: number, body: AppointmentCreateBody, from: { signInDevice?: boolean } = {}): Promise<CheckedBooking> {
  const store = await deps.stores.byId(body.storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  // A walk-in (the kiosk's PENDING booking on the walk-in column) starts at the nearest 15 minutes and keeps
  // its length; it waits for its sign-in sheet, never in the bell (docs/product/statuses.md).
  const walkIn = !!from.signInDevice && body.staffId === ONLINE_COLUMN && body.status === 'PENDING';
  // The reads a booking needs go out together (each is a round trip to the database, and the realtime
  // event waits for them); a bad field is still reported in the order the fields are checked.
  const checkedTimes = attempt(() => {
    const sent = timeRange(body.start, body.end);
    notBeforeToday(store.timezone, body.date);
    const times = onTheStoreClock(store.timezone, body.date, walkIn ? quarterOf(sent, store.timezone, body.date) : sent);
    // Ruling 5: a staff booking stays inside the store's hours that weekday, as an edit does (a closed day's
    // booking would be on no calendar: closed days are not shown); a walk-in has no slot and is never refused.
    if (!walkIn) insideStoreHours(store.hours, body.date, times);
    return times;
  });
  const named = bookableStaff(deps.staff, store._id, body.staffId);
  const [{ staffId, employee: staff, notice }, services, times, customer, , overlaps] = await inOrder([
    named,
    serviceSnapshots(deps.services, store._id, body.serviceIds),
    checkedTimes,
    customerOfStore(deps, store._id, body.customerId),
    // Ruling 5, after every bad field: the staff member works that date (a walk-in names no one).
    walkIn ? Promise.resolve() : named.then((n) => staffWorksThatDay(deps.appointments, n.employee, body.date)),
    Promise.all([checkedTimes, named]).then(([t, n]) => overlapsOf(deps.appointments, store.timezone, { ...t, _id: 0, storeId: store._id, staffId: n.staffId, date: body.date, status: body.status ?? 'ON' })),
  ] as const);
  const doc = {
    storeId: store._id,
    staffId,
    customerId: body.customerId,
    serviceIds: services.map((s) => s.id).join(','),
    services,
    date: body.date,
    ...times,
    note: body.note ?? '',
    status: body.status ?? 'ON',
    createdBy: by,
    modifiedBy: by,
    sale: 0,
    ...(body.sendConfirmation ? { sendConfirmation: true } : {}),
    ...(walkIn ? { walkIn: true } : {}),
    ...(body.cardOnFile ? { cardOnFile: body.cardOnFile } : {}),
    // The customer as scheduling last heard of them (their events keep it current from then on).
    ...customer,
  } as NewAppointment;
  return { body, doc, staff, notice, customer, overlaps };
}

/** Writes a checked booking, with its created event. */
export function insertBooking(deps: BookAppointmentDeps, checked: CheckedBooking): Promise<AppointmentDoc> {
  return deps.appointments.insert(checked.doc, (saved) => [appointmentEvent(deps.bus, 'appointment.created', saved)]);
}

/**
 * A written booking's answer and its log line. `written`: the ids this call wrote (a retry after a crash
 * answers the first attempt's appointments, which its own overlap reads saw).
 */
export async function finishBooking(deps: BookAppointmentDeps, by: number, checked: CheckedBooking, created: AppointmentDoc, written: number[]): Promise<BookingAnswer> {
  const { body, staff, notice, customer } = checked;
  const overlaps = checked.overlaps.filter((o) => !written.includes(o.appointmentId));
  // A customer created a moment ago may have been heard of between the read above and the insert.
  Object.assign(created, await catchUpCustomerDetails(deps, created.storeId, body.customerId, customer));
  const view = appointmentView(created, { staff });
  await deps.logs.add({
    storeId: created.storeId,
    appointmentId: created._id,
    text: `Appointment created ${created.date} ${created.start} - ${created.end}${unassignedText(body.staffId, notice)}${overlapText(overlaps)}`,
    appointment_log: logRecord(view, overlaps),
    createdBy: by,
  });
  return { appointment: view, ...(overlaps.length > 0 && { overlaps }), ...(notice && { notice }) };
}

/**
 * A walk-in's start moved to the nearest 15 minutes the store's clock shows that day (a start in a
 * spring-forward gap, 2:00 am in New York, moves to its end, 3:00 am), same length, kept inside the day; an
 * end inside the gap is then read on the real clock (onTheStoreClock). A walk-in is never refused (ruling 8).
 */
function quarterOf(t: { startMin: number; endMin: number }, zone: string, date: string) {
  const length = t.endMin - t.startMin;
  const day = storeDay(zone, date, null);
  const shown = wallMinuteAt(day, day.startAtWall[nearestQuarter(t.startMin) / STEP_MINUTES]);
  const startMin = Math.min(shown, MINUTES_PER_DAY - length);
  return { start: formatTime12(startMin), end: formatTime12(startMin + length), startMin, endMin: startMin + length };
}

/** A check that throws, as a promise (so it takes its place among the reads). */
function attempt<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (err) {
    return Promise.reject(err);
  }
}

/** Waits for all; the first failure in the list's order is the one thrown. */
async function inOrder<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const r of settled) if (r.status === 'rejected') throw r.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
