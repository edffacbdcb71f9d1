import type { ResponseOf } from '@turnbook/contracts';
import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { calendarColumnOf, CANCEL_COLUMN, ONLINE_COLUMN, realStaffColumn, todayIn, UNASSIGNED_COLUMN, type StoreAccess } from '@turnbook/domain';
import type { EmployeeDoc } from '../staff/model';
import type { StoreConfig, StoreConfigs } from '../store-config/config-read-model';
import type { AppointmentDoc } from './model';
import type { AppointmentRepository } from './repository';
import { shaped, sightOf, viewerOf, viewFor, type Viewer } from './visibility';

export interface ReadAppointmentsDeps {
  /** the store and its staff as the instance keeps them (checked against the store's config stamp) */
  configs: Pick<StoreConfigs, 'read'>;
  appointments: Pick<AppointmentRepository, 'days' | 'fromDate' | 'requests'>;
}

export interface ReadInput {
  storeId: number;
  access: StoreAccess;
  callerUserId?: number;
}

/**
 * Filed under Unassigned: a live appointment whose staffId is no column the salon sees (0, 9999, an unknown
 * id, the TBD placeholder, role none, archived), so nothing booked is ever in no column at all.
 */
const unassigned = (staffById: Map<number, EmployeeDoc>, staffId: number) => calendarColumnOf({ staffId, status: 'ON' }, realStaffColumn(staffById)) === UNASSIGNED_COLUMN;
/** What the bell counts (docs/product/statuses.md). */
const REQUEST_STATUSES: AppointmentDoc['status'][] = ['PENDING', 'MODIFYING', 'REQUEST CANCEL'];

/** The caller's viewer and the store's staff by id. */
export async function viewerFor(deps: Pick<ReadAppointmentsDeps, 'configs'>, input: ReadInput): Promise<{ viewer: Viewer; staffById: Map<number, EmployeeDoc> }> {
  return viewerIn(await deps.configs.read(input.storeId), input);
}

/** The caller's viewer from a copy of the store's configuration already read. */
export function viewerIn({ store, staff, staffById }: Pick<StoreConfig, 'store' | 'staff' | 'staffById'>, input: ReadInput): { viewer: Viewer; staffById: Map<number, EmployeeDoc> } {
  const today = todayIn(store?.timezone ?? 'America/New_York');
  return { viewer: viewerOf(input.access, input.callerUserId, staff, today), staffById };
}

/**
 * A write's answer shows the caller no more of the appointment than a read would: a staff member who edits a
 * colleague's checked-out appointment is not answered its sale.
 */
export async function seenAnswer<T extends { appointment: AppointmentView }>(deps: Pick<ReadAppointmentsDeps, 'configs'>, input: ReadInput, answer: T): Promise<T> {
  const { viewer } = await viewerFor(deps, input);
  // Nothing they could read (a column of a past day): they wrote what they sent, but no sale comes back.
  const sight = sightOf(viewer, answer.appointment) ?? { sale: false, customer: true };
  return { ...answer, appointment: shaped(answer.appointment, sight) };
}

function visible(viewer: Viewer, staffById: Map<number, EmployeeDoc>, list: AppointmentDoc[]): AppointmentView[] {
  const out: AppointmentView[] = [];
  for (const a of list) {
    const v = viewFor(viewer, a, staffById.get(a.staffId) ?? null);
    if (v) out.push(v);
  }
  return out;
}

/** getAppointmentsById: the appointment in the one group the calendar files it under (nothing if hidden from the caller). */
export async function appointmentById(deps: ReadAppointmentsDeps, input: ReadInput, a: AppointmentDoc): Promise<ResponseOf<'GET getAppointmentsById/{id}'>> {
  const { viewer, staffById } = await viewerFor(deps, input);
  const out: ResponseOf<'GET getAppointmentsById/{id}'> = { appointments: [], appointmentsNull: [], appointmentsOnline: [] };
  const view = viewFor(viewer, a, staffById.get(a.staffId) ?? null);
  if (!view) return out;
  if (a.staffId === ONLINE_COLUMN && a.status !== 'CANCEL') out.appointmentsOnline.push(view);
  else if (a.status !== 'CANCEL' && unassigned(staffById, a.staffId)) out.appointmentsNull.push(view);
  else out.appointments.push(view);
  return out;
}

/** getAppointmentsByStoreId: the store's appointments from today on, soonest first. */
export async function upcomingOfStore(deps: ReadAppointmentsDeps, input: ReadInput): Promise<{ appointments: AppointmentView[] }> {
  const { viewer, staffById } = await viewerFor(deps, input);
  return { appointments: visible(viewer, staffById, await deps.appointments.fromDate(input.storeId, viewer.today)) };
}

/** getAppointmentsByStoreIdAndEmployeeId: one staff member's day and the day's unassigned (as groupDay files them). */
export async function staffDay(deps: ReadAppointmentsDeps, input: ReadInput & { staffId: number; date: string }): Promise<{ appointments: AppointmentView[]; appointmentsNull: AppointmentView[] }> {
  const { viewer, staffById } = await viewerFor(deps, input);
  const day = await deps.appointments.days.read(input.storeId, input.date);
  return {
    appointments: input.staffId !== ONLINE_COLUMN && unassigned(staffById, input.staffId) ? [] : visible(viewer, staffById, day.filter((a) => a.staffId === input.staffId)),
    appointmentsNull: visible(viewer, staffById, day.filter((a) => a.staffId !== ONLINE_COLUMN && unassigned(staffById, a.staffId))),
  };
}

/** getAppointmentsOnlineByStoreId: the requests the bell counts, soonest first. */
export async function onlineRequests(deps: ReadAppointmentsDeps, input: ReadInput): Promise<{ appointments: AppointmentView[] }> {
  const { viewer, staffById } = await viewerFor(deps, input);
  return { appointments: visible(viewer, staffById, await deps.appointments.requests(input.storeId, REQUEST_STATUSES)) };
}

/** The calendar's day: appointments grouped as normal, unassigned, cancelled and online, by start time. */
export function groupDay(viewer: Viewer, staffById: Map<number, EmployeeDoc>, docs: AppointmentDoc[]): ResponseOf<'GET getAppointmentsByStoreIdAndDate/{storeId}/{date}'> {
  const out: ResponseOf<'GET getAppointmentsByStoreIdAndDate/{storeId}/{date}'> = { appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [] };
  for (const a of docs) {
    const view = viewFor(viewer, a, staffById.get(a.staffId) ?? null);
    if (!view) continue;
    if (a.status === 'CANCEL' || a.staffId === CANCEL_COLUMN) out.appointmentsCancel.push(view);
    else if (a.staffId === ONLINE_COLUMN) out.appointmentsOnline.push(view);
    else if (unassigned(staffById, a.staffId)) out.appointmentsNull.push(view);
    else out.appointments.push(view);
  }
  return out;
}
