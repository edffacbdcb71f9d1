import { FIRST_STAFF_ID, type BusyInterval } from '@turnbook/domain';
import { MESSAGES } from '@turnbook/contracts';
import { notFound } from '@turnbook/service-kit';
import type { AppointmentDoc } from '../appointments/model';
import type { AppointmentRepository } from '../appointments/repository';
import type { StaffRepository } from '../staff/repository';
import type { EmployeeDoc } from '../staff/model';
import type { StoreRepository } from '../stores/repository';
import type { StoreDoc } from '../stores/model';
import { workingStaff } from '../turns/working-staff';
import { nowOnDate } from './clock';

export interface DayFactsDeps {
  stores: Pick<StoreRepository, 'byId'>;
  staff: Pick<StaffRepository, 'ofStore'>;
  appointments: Pick<AppointmentRepository, 'model'>;
}

/** What the line and 'suggest next' read of a store's day. */
export interface DayFacts {
  store: StoreDoc;
  nowMin: number;
  /** staff working that day, in the store's staff order */
  working: EmployeeDoc[];
  /** the day's live appointments (not cancelled), by id */
  appointments: Map<number, AppointmentDoc>;
  /** each real staff member's held time of the day (appointments, requests held for them, days off) */
  booked(staffId: number, except?: ReadonlySet<number>): BusyInterval[];
}

const isStaffId = (id: number | null | undefined): id is number => typeof id === 'number' && id >= FIRST_STAFF_ID;

export async function dayFacts(deps: DayFactsDeps, storeId: number, date: string, now: Date): Promise<DayFacts> {
  const store = await deps.stores.byId(storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  const [staff, live] = await Promise.all([
    deps.staff.ofStore(storeId),
    deps.appointments.model.find({ storeId, date, status: { $ne: 'CANCEL' } }, { _pendingEvents: 0, _hasPending: 0 }).lean<AppointmentDoc[]>(),
  ]);
  const appointments = new Map(live.map((a) => [a._id, a]));
  return {
    store,
    nowMin: nowOnDate(store, date, now),
    working: workingStaff(staff, date),
    appointments,
    booked: (staffId, except) =>
      live
        .filter((a) => !except?.has(a._id))
        // An 'anyone' request stays on 8888 but holds the time of the staff member it claimed.
        .filter((a) => (isStaffId(a.staffId) ? a.staffId : a.claimStaffId) === staffId)
        .map((a) => ({ startMin: a.startMin, endMin: a.endMin })),
  };
}
