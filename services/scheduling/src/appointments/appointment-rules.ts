import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { formatTime12, hoursOnDate, isDayOffRecord, isRealStaff, isReservedColumn, isWeeklyDayOff, MINUTES_PER_DAY, ONLINE_COLUMN, overlapping, storeDay, TBD_COLUMN, todayIn, UNASSIGNED_COLUMN, outsideHoursReason, wallEndAfter, wallTimeExists, WEEKDAY_NAMES, weekdayKeyOf } from '@turnbook/domain';
import { MESSAGES, staffDayOffMessage } from '@turnbook/contracts';
import { AppError, badRequest } from '@turnbook/service-kit';
import type { CustomersClient } from '../clients/customers-client';
import type { CustomerCopyRepository } from '../customer-appointments/customer-copies';
import type { ServiceRepository } from '../services/repository';
import type { EmployeeDoc } from '../staff/model';
import type { StaffRepository } from '../staff/repository';
import { displayName } from '../staff/view';
import { holderStaff, isLive } from './claims';
import type { AppointmentDoc, ServiceSnapshot } from './model';
import type { AppointmentRepository } from './repository';

/** Calendar columns a staff booking may use besides real staff: To Be Determined, Online, Unassigned. */
const BOOKABLE_COLUMNS = new Set([TBD_COLUMN, ONLINE_COLUMN, UNASSIGNED_COLUMN]);

/**
 * Where a staff booking or move names: a staff member of the store, or a calendar column (employee null).
 * The TBD placeholder and role none are no staff member: the booking is filed under Unassigned (9999) and
 * `notice` says so (docs/product/records.md). Anything else (another store's, archived, unknown) is a 400
 * naming staffId.
 */
/**
 * Ruling 5: a staff booking, an edit's new time, an online request or a store's suggestion stays inside the
 * store's hours that weekday. Otherwise 409 outsideHours with those hours in words, naming `field` (by default
 * `date` on a closed day, else `start`).
 */
export function insideStoreHours(hours: Parameters<typeof outsideHoursReason>[0], date: string, span: { startMin: number; endMin: number }, field?: string): void {
  const outside = outsideHoursReason(hours, date, span);
  if (outside) throw new AppError('outsideHours', `${MESSAGES.outsideHours}: ${outside}.`, field ?? (hoursOnDate(hours, date) ? 'start' : 'date'));
}

/**
 * Ruling 5: a real staff member is booked on their weekly day off only when they already work that date (a
 * live appointment of theirs at the store, as the availability engine counts it). Otherwise 409 staffDayOff
 * naming `staffId`. `moving`: the appointment an edit moves, which is not their work that day. A calendar
 * column (employee null) is never refused.
 */
export async function staffWorksThatDay(appointments: Pick<AppointmentRepository, 'model'>, employee: EmployeeDoc | null, date: string, moving?: number): Promise<void> {
  if (!employee || !isRealStaff(employee)) return;
  const day = weekdayKeyOf(date);
  if (!isWeeklyDayOff(employee.dayOff, day) || (await alreadyWorks(appointments, employee, date, moving))) return;
  throw new AppError('staffDayOff', staffDayOffMessage(displayName(employee) || 'This staff member', WEEKDAY_NAMES[day]), 'staffId');
}

/** Has the staff member a live appointment at their store that date (a day-off record is not work)? */
async function alreadyWorks(appointments: Pick<AppointmentRepository, 'model'>, e: EmployeeDoc, date: string, moving?: number): Promise<boolean> {
  const sameDay = await staffDay(appointments, e.storeId, date, e._id);
  return sameDay.some((a) => a._id !== moving && isLive(a) && !isDayOffRecord(a) && holderStaff(a) === e._id);
}

/**
 * The booking's customer as the store's calendar knows them. One not heard of yet (created a moment ago: its
 * event is on the way) is asked of customers; one of another store, or none at all, is refused, so an
 * appointment never points at a customer the store does not have. 0 is no customer.
 */
export async function customerOfStore(
  deps: { customerCopies: Pick<CustomerCopyRepository, 'detailsOf'>; customers: Pick<CustomersClient, 'byId'> },
  storeId: number,
  customerId: number,
) {
  const details = await deps.customerCopies.detailsOf(storeId, customerId);
  if (customerId === 0 || Object.keys(details).length > 0) return details;
  const facts = await deps.customers.byId(customerId);
  if (facts?.storeId !== storeId) throw badRequest('customerId', 'customerId: must be a customer of this store');
  return details;
}

export async function bookableStaff(staff: Pick<StaffRepository, 'byId'>, storeId: number, staffId: number): Promise<{ staffId: number; employee: EmployeeDoc | null; notice?: string }> {
  if (BOOKABLE_COLUMNS.has(staffId)) return { staffId, employee: null };
  const e = isReservedColumn(staffId) ? null : await staff.byId(staffId);
  if (!e || e.storeId !== storeId || e.archived) {
    throw badRequest('staffId', `staffId: must be a staff member of this store, ${TBD_COLUMN}, ${ONLINE_COLUMN} or ${UNASSIGNED_COLUMN}`);
  }
  if (!isRealStaff(e)) return { staffId: UNASSIGNED_COLUMN, employee: null, notice: MESSAGES.bookedUnassigned };
  return { staffId, employee: e };
}

/** What the activity log adds when a booking or move was filed under Unassigned instead of the placeholder. */
export function unassignedText(named: number, notice: string | undefined): string {
  return notice ? ` (booked unassigned: staff ${named} is not a staff member)` : '';
}

/** The booked services as the appointment keeps them; every id must be a service of the store. */
export async function serviceSnapshots(services: Pick<ServiceRepository, 'ofStore'>, storeId: number, serviceIds: string): Promise<ServiceSnapshot[]> {
  const ids = serviceIds.split(',').map(Number);
  const byId = new Map((await services.ofStore(storeId)).map((s) => [s._id, s]));
  return ids.map((id) => {
    const s = byId.get(id);
    if (!s) throw badRequest('serviceIds', `serviceIds: ${id} is not a service of this store`);
    return { id: s._id, name: s.name, price: s.priceCents / 100, duration: s.duration };
  });
}

/** A booking's date is today or later in the store's zone ('Invalid date!!!' on the wizard). */
export function notBeforeToday(zone: string, date: string, now = new Date()): void {
  if (date < todayIn(zone, now)) throw badRequest('date', 'date: Invalid date!!!');
}

/**
 * Start and end as times the store's clock shows that day. A start inside a spring-forward gap names no
 * moment (no screen offers one; an API client could send one): a 400 naming `start`. An end inside the gap
 * is the start plus the same minutes on the real clock (an older screen or an API client adds a service's
 * length on paper: 1:30 am + 45 minutes is 2:15 am on paper, 3:15 am that night).
 */
export function onTheStoreClock<T extends { startMin: number; endMin: number }>(zone: string, date: string, t: T): T & { end?: string } {
  const day = storeDay(zone, date, null);
  if (!wallTimeExists(day, t.startMin)) {
    throw badRequest('start', `start: ${formatTime12(t.startMin)} does not exist on ${date} in ${zone} (the clocks go forward)`);
  }
  if (wallTimeExists(day, t.endMin)) return t;
  const endMin = Math.min(MINUTES_PER_DAY, wallEndAfter(day, t.startMin, t.endMin - t.startMin));
  return { ...t, endMin, end: formatTime12(endMin) };
}

/** A staff member's appointments at a store on a date: on their column, or held for them as an 'anyone' request. */
function staffDay(appointments: Pick<AppointmentRepository, 'model'>, storeId: number, date: string, staffId: number): Promise<AppointmentDoc[]> {
  return appointments.model.find({ storeId, date, $or: [{ staffId }, { claimStaffId: staffId }] }, { _pendingEvents: 0 }).lean<AppointmentDoc[]>().exec();
}

export type Overlap = { appointmentId: number; staffId: number; date: string; start: string; end: string; storeId?: number };

/**
 * The live appointments of the same staff member that `a` overlaps on its day (staff may overbook; the
 * answer and the activity log name them), then those of the same person at the other stores they work at
 * (named the same way, with their store). Read from the appointments themselves, not a cached copy.
 */
export async function overlapsOf(appointments: Pick<AppointmentRepository, 'model' | 'elsewhere'>, zone: string, a: Pick<AppointmentDoc, '_id' | 'storeId' | 'staffId' | 'claimStaffId' | 'date' | 'startMin' | 'endMin' | 'status'>): Promise<Overlap[]> {
  const staffId = holderStaff(a);
  if (staffId === null || !isLive(a)) return [];
  const [sameDay, elsewhere] = await Promise.all([
    staffDay(appointments, a.storeId, a.date, staffId),
    appointments.elsewhere.overlapping(a),
  ]);
  const day = storeDay(zone, a.date, null);
  const found = overlapping(day, sameDay.map((o) => ({ ...o, id: o._id })), staffId, { startMin: a.startMin, endMin: a.endMin }, a._id ?? null);
  return [
    ...found.map((o) => ({ appointmentId: o._id, staffId: o.staffId, date: o.date, start: o.start, end: o.end })),
    ...elsewhere.map((o) => ({ appointmentId: o._id, staffId: o.staffId, date: o.date, start: o.start, end: o.end, storeId: o.storeId })),
  ];
}

/** What the activity log says of an overlap, appended to the entry's text. */
export function overlapText(overlaps: Overlap[]): string {
  if (!overlaps.length) return '';
  return ` (overlaps ${overlaps.map((o) => `appointment ${o.appointmentId} ${o.start} - ${o.end}${o.storeId !== undefined ? ` at store ${o.storeId}` : ''}`).join(', ')})`;
}

/** The appointment as the log entry keeps it. */
export function logRecord(view: AppointmentView, overlaps: Overlap[]): string {
  return JSON.stringify(overlaps.length ? { ...view, overlaps } : view);
}
