import {
  availability,
  isDayOffRecord,
  isRealStaff,
  storeDay,
  type AvailabilityAppointment,
  type AvailabilityQuery,
  type AvailabilityResult,
  type AvailabilityStaff,
  type BookingMode,
  type StoreDay,
  type TimeRange,
} from '@turnbook/domain';
import { badRequest } from '@turnbook/service-kit';
import type { AppointmentDoc } from '../appointments/model';
import type { AppointmentRepository } from '../appointments/repository';
import type { ServiceDoc } from '../services/model';
import type { ServiceRepository } from '../services/repository';
import type { EmployeeDoc } from '../staff/model';
import type { StaffRepository } from '../staff/repository';
import type { StoreDoc } from '../stores/model';

export interface DayInputsDeps {
  staff: Pick<StaffRepository, 'ofStore'>;
  services: Pick<ServiceRepository, 'ofStore'>;
  appointments: Pick<AppointmentRepository, 'days'>;
}

/** Online requests offer the services customers may book; internal ones never. */
const ONLINE_TYPES = ['EXTERNAL', 'ALL'];

/** The services asked for, each a live service of the store (online: not internal); 400 naming serviceIds. */
export async function servicesAsked(deps: Pick<DayInputsDeps, 'services'>, storeId: number, serviceIds: string, mode: BookingMode): Promise<ServiceDoc[]> {
  return pickServices(await deps.services.ofStore(storeId, mode === 'online' ? ONLINE_TYPES : undefined), serviceIds, mode);
}

/** The services asked for among the store's live ones (online: not internal); 400 naming serviceIds. */
export function pickServices(live: ServiceDoc[], serviceIds: string, mode: BookingMode): ServiceDoc[] {
  const offered = new Map(live.filter((s) => mode !== 'online' || ONLINE_TYPES.includes(s.type)).map((s) => [s._id, s]));
  return serviceIds.split(',').map((id) => {
    const s = offered.get(Number(id));
    if (!s) throw badRequest('serviceIds', `serviceIds: ${id} is not a service offered${mode === 'online' ? ' online' : ''} by this store`);
    return s;
  });
}

/**
 * The engine's view of one staff member that day: day-off records are time they do not work; time held at
 * another store they work at is booked (docs/product/availability.md).
 */
function engineStaff(e: EmployeeDoc, daysOff: AppointmentDoc[], busyElsewhere: readonly TimeRange[] | undefined): AvailabilityStaff {
  return {
    id: e._id,
    dayOff: e.dayOff,
    archived: e.archived,
    onlineBooking: e.online_booking,
    daysOff: daysOff.filter((d) => d.staffId === e._id).map((d) => ({ startMin: d.startMin, endMin: d.endMin })),
    ...(busyElsewhere?.length && { busyElsewhere }),
  };
}

export type DayQuery = {
  date: string;
  mode: BookingMode;
  durationMinutes: number[];
  staffId?: number | null;
  excludeAppointmentId?: number | null;
  leaveOut?: ReadonlySet<number>;
  /** online booking: the customer's favourite (ruling 5), offered even with Online Booking OFF */
  favourite?: { staffId: number | null; bookWithFavourite: boolean } | null;
  /** staff member here -> the time the same person is held at their other stores (instants) */
  busyElsewhere?: ReadonlyMap<number, readonly TimeRange[]>;
  /** the store's day and the time, when the caller has them already (default: built here, now) */
  day?: StoreDay;
  now?: number;
};

/** Runs the engine over a store's day as the database has it now (docs/product/availability.md). */
export async function storeAvailability(deps: DayInputsDeps, store: Pick<StoreDoc, '_id' | 'timezone' | 'hours'>, q: DayQuery): Promise<AvailabilityResult> {
  const [staff, docs] = await Promise.all([deps.staff.ofStore(store._id), deps.appointments.days.read(store._id, q.date)]);
  return availabilityOf(store, staff, docs, q);
}

/**
 * Runs the engine over the day's records for the store's real staff: the TBD placeholder, role none and
 * archived records are left out here, so no booking path counts, offers or names them (a staffId naming one
 * offers nothing).
 */
export function availabilityOf(store: Pick<StoreDoc, 'timezone' | 'hours'>, staff: EmployeeDoc[], docs: AppointmentDoc[], q: DayQuery): AvailabilityResult {
  const daysOff = docs.filter((d) => isDayOffRecord(d));
  const appointments: AvailabilityAppointment[] = docs
    .filter((d) => !isDayOffRecord(d))
    .map((d) => ({ id: d._id, staffId: d.staffId, claimStaffId: d.claimStaffId ?? null, status: d.status, startMin: d.startMin, endMin: d.endMin }));
  const query: AvailabilityQuery = {
    day: q.day ?? storeDay(store.timezone || 'America/New_York', q.date, store.hours),
    staff: staff.filter((e) => isRealStaff(e) && !q.leaveOut?.has(e._id)).map((e) => engineStaff(e, daysOff, q.busyElsewhere?.get(e._id))),
    appointments,
    durationMinutes: q.durationMinutes,
    mode: q.mode,
    staffId: q.staffId ?? null,
    now: q.now ?? Date.now(),
    excludeAppointmentId: q.excludeAppointmentId ?? null,
    favourite: q.favourite ?? null,
  };
  return availability(query);
}
