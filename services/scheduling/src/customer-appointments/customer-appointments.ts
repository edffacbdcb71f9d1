import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { allows, monthsAgoIn } from '@turnbook/domain';
import { forbidden, notFound, type HandlerContext } from '@turnbook/service-kit';
import { appointmentView } from '../appointments/view';
import type { Deps } from '../shared/deps';

/** The customer details page looks back 72 months (doc 002 §9); the screen shows the latest 15 past. */
const LOOKBACK_MONTHS = 72;

/**
 * A customer's appointments in a store, newest first, with services, staff name, sale, note and status.
 * Staff name and sale are for owner, admin and superadmin only (doc 002 §6); limited staff see only
 * their own appointments (doc 001 §6).
 */
export async function customerAppointments(
  deps: Deps,
  ctx: HandlerContext,
  storeId: number,
  customerId: number,
): Promise<{ appointments: AppointmentView[] }> {
  const store = await deps.stores.byId(storeId);
  if (!store || store.status !== 'ON') throw notFound('Store not found');
  const access = ctx.caller ? await deps.ctx.memberships.accessFor(ctx.caller, storeId) : null;
  if (!access) throw forbidden();
  const manager = allows('storeManager', access);

  let list = await deps.appointments.ofCustomer(storeId, customerId, monthsAgoIn(store.timezone, LOOKBACK_MONTHS));
  if (!manager && !access.isStoreLogin && access.staffRole === 'limited') {
    const mine = new Set((await deps.staff.ofUserInStore(ctx.caller!.userId!, storeId)).map((e) => e._id));
    list = list.filter((a) => mine.has(a.staffId));
  }
  const staff = new Map((await deps.staff.byIds([...new Set(list.map((a) => a.staffId))])).map((e) => [e._id, e]));
  return {
    appointments: list.map((a) => appointmentView(a, { staff: staff.get(a.staffId) ?? null, showStaffAndSale: manager })),
  };
}
