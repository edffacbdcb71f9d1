import { MESSAGES } from '@turnbook/contracts';
import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { allows, monthsAgoIn, type StoreAccess } from '@turnbook/domain';
import { notFound } from '@turnbook/service-kit';
import type { AppointmentRepository } from '../appointments/repository';
import { appointmentView } from '../appointments/view';
import type { StaffRepository } from '../staff/repository';
import type { StoreRepository } from '../stores/repository';

/** The customer details page looks back 72 months; the screen shows the latest 15 past. */
const LOOKBACK_MONTHS = 72;

export interface CustomerAppointmentsDeps {
  stores: Pick<StoreRepository, 'byId'>;
  staff: Pick<StaffRepository, 'ofUserInStore' | 'byIds'>;
  appointments: Pick<AppointmentRepository, 'ofCustomer'>;
}

/**
 * A customer's appointments in a store, newest first, with services, staff name, sale, note and status.
 * What the caller sees depends on their access (checked by the router): every sale for owner, admin and
 * superadmin, other staff the sale of their own appointments only (the front desk none); limited staff see
 * only their own appointments. Staff names are not secret.
 */
export async function customerAppointments(
  deps: CustomerAppointmentsDeps,
  viewer: { access: StoreAccess; userId?: number },
  storeId: number,
  customerId: number,
): Promise<{ appointments: AppointmentView[] }> {
  const store = await deps.stores.byId(storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  const { access } = viewer;
  const manager = allows('storeManager', access);

  let list = await deps.appointments.ofCustomer(storeId, customerId, monthsAgoIn(store.timezone, LOOKBACK_MONTHS));
  const mine = new Set(!manager && !access.isStoreLogin && viewer.userId != null ? (await deps.staff.ofUserInStore(viewer.userId, storeId)).map((e) => e._id) : []);
  if (!manager && !access.isStoreLogin && access.staffRole === 'limited') list = list.filter((a) => mine.has(a.staffId));
  const staff = new Map((await deps.staff.byIds([...new Set(list.map((a) => a.staffId))])).map((e) => [e._id, e]));
  return {
    appointments: list.map((a) => appointmentView(a, { staff: staff.get(a.staffId) ?? null, showSale: manager || mine.has(a.staffId) })),
  };
}
