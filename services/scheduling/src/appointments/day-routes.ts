import { z } from 'zod';
import { DateString, Id } from '@turnbook/contracts';
import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { allows } from '@turnbook/domain';
import { forbidden, handler, type HandlerContext, type ServiceParts } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import type { AppointmentDoc } from './model';
import { appointmentView } from './view';

const StoreDateParams = z.object({ storeId: Id, date: DateString });

/** Calendar columns that are not staff (docs/decisions.md and the architecture's reserved ids). */
const ONLINE = 8888;
const CANCELLED = 1111;
const UNASSIGNED = new Set([0, 9999]);

export interface DayAppointments {
  appointments: AppointmentView[];
  appointmentsNull: AppointmentView[];
  appointmentsCancel: AppointmentView[];
  appointmentsOnline: AppointmentView[];
}

/** The calendar's day: appointments grouped as normal, unassigned, cancelled and online, by start time. */
export async function dayOfStore(deps: Deps, ctx: HandlerContext, storeId: number, date: string): Promise<DayAppointments> {
  const access = ctx.caller ? await deps.ctx.memberships.accessFor(ctx.caller, storeId) : null;
  if (!access) throw forbidden();
  const manager = allows('storeManager', access);
  const [docs, staff] = await Promise.all([deps.appointments.days.read(storeId, date), deps.staff.ofStore(storeId, 'any')]);
  let list: AppointmentDoc[] = docs;
  if (!manager && !access.isStoreLogin && access.staffRole === 'limited') {
    // Limited staff see their own column only.
    const mine = new Set(staff.filter((e) => e.userId === ctx.caller?.userId).map((e) => e._id));
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

export function dayRoutes(deps: Deps): ServiceParts['handlers'] {
  return {
    'GET getAppointmentsByStoreIdAndDate/{storeId}/{date}': handler({
      params: StoreDateParams,
      handle: (ctx) => dayOfStore(deps, ctx, ctx.params.storeId, ctx.params.date),
    }),
  };
}
