import type { ResponseOf } from '@turnbook/contracts';
import { allows, type StoreAccess } from '@turnbook/domain';
import type { StaffRepository } from '../staff/repository';
import type { AppointmentDoc } from './model';
import type { AppointmentRepository } from './repository';
import { appointmentView } from './view';

export interface DayOfStoreDeps {
  appointments: AppointmentRepository;
  staff: StaffRepository;
}

type DayAppointments = ResponseOf<'GET getAppointmentsByStoreIdAndDate/{storeId}/{date}'>;

/** Calendar columns that are not staff (docs/product/records.md). */
const ONLINE = 8888;
const CANCELLED = 1111;
const UNASSIGNED = new Set([0, 9999]);

/**
 * The calendar's day: appointments grouped as normal, unassigned, cancelled and online, by start time.
 * The router has checked the caller is a member; what they see of each appointment depends on their role
 * (docs/product/roles.md): limited staff see their own column only, staff names and sales are for managers.
 */
export async function dayOfStore(
  deps: DayOfStoreDeps,
  input: { storeId: number; date: string; access: StoreAccess; callerUserId?: number },
): Promise<DayAppointments> {
  const manager = allows('storeManager', input.access);
  const [docs, staff] = await Promise.all([deps.appointments.days.read(input.storeId, input.date), deps.staff.ofStore(input.storeId, 'any')]);
  let list: AppointmentDoc[] = docs;
  if (!manager && !input.access.isStoreLogin && input.access.staffRole === 'limited') {
    const mine = new Set(staff.filter((e) => e.userId === input.callerUserId).map((e) => e._id));
    list = list.filter((a) => mine.has(a.staffId));
  }
  const byId = new Map(staff.map((e) => [e._id, e]));
  const out: DayAppointments = { appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [] };
  for (const a of list) {
    const view = appointmentView(a, { staff: byId.get(a.staffId) ?? null, showStaffAndSale: manager });
    if (a.status === 'CANCEL' || a.staffId === CANCELLED) out.appointmentsCancel.push(view);
    else if (a.staffId === ONLINE) out.appointmentsOnline.push(view);
    else if (UNASSIGNED.has(a.staffId)) out.appointmentsNull.push(view);
    else out.appointments.push(view);
  }
  return out;
}
