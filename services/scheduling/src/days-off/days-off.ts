import type { AppointmentCreateBody, AppointmentPatchBody, AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { formatTime12, isDayOffRecord, parseTimeRange } from '@turnbook/domain';
import { badRequest, notFound, type HandlerContext } from '@turnbook/service-kit';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentDoc } from '../appointments/model';
import { appointmentView } from '../appointments/view';
import type { Deps } from '../shared/deps';
import type { EmployeeDoc } from '../staff/model';
import { loadEmployee } from '../staff/update-staff';

/** What POST/PATCH/DELETE appointment answer for anything but a day off, until the calendar issue. */
export const REGULAR_NOT_YET =
  'Regular appointments are not available yet: they come with the calendar. Only days off (customerId 0, serviceIds 0) can be saved here.';

/** Calendar columns 0, 1111, 8888 and 9999 are not staff, so they cannot take a day off. */
const RESERVED_IDS_NOTE = ' (0, 1111, 8888 and 9999 are calendar columns, not staff)';

/** Days off: add, edit and delete for owner, admin or superadmin (doc 002 §6). */
const MANAGERS = 'storeManager' as const;

async function staffOfStore(deps: Deps, storeId: number, staffId: number): Promise<EmployeeDoc> {
  const e = await deps.staff.byId(staffId);
  if (!e || e.storeId !== storeId || e.archived) throw badRequest('staffId', `staffId: must be a staff member of this store${RESERVED_IDS_NOTE}`);
  return e;
}

function range(start: string, end: string) {
  const r = parseTimeRange(start, end);
  if (!r.ok) throw badRequest(r.field, `${r.field}: ${r.error}`);
  return { start: formatTime12(r.startMin), end: formatTime12(r.endMin), startMin: r.startMin, endMin: r.endMin };
}

export async function createDayOff(deps: Deps, ctx: HandlerContext, body: AppointmentCreateBody): Promise<{ appointment: AppointmentView }> {
  if (!isDayOffRecord(body)) throw badRequest('serviceIds', REGULAR_NOT_YET);
  await ctx.authorizeStore(body.storeId, MANAGERS);
  const store = await deps.stores.byId(body.storeId);
  if (!store || store.status !== 'ON') throw notFound('Store not found');
  const staff = await staffOfStore(deps, body.storeId, body.staffId);
  const by = ctx.caller?.userId ?? 0;
  const created = await deps.appointments.insert(
    {
      storeId: body.storeId,
      staffId: body.staffId,
      customerId: 0,
      serviceIds: '0',
      services: [],
      date: body.date,
      ...range(body.start, body.end),
      // The calendar greys out records whose note is OFF (doc 001 §2).
      note: body.note || 'OFF',
      status: 'ON',
      createdBy: by,
      modifiedBy: by,
      sale: 0,
    },
    (doc) => appointmentEvent(deps.ctx.bus, 'appointment.created', doc),
  );
  return { appointment: appointmentView(created, { staff }) };
}

async function loadDayOff(deps: Deps, ctx: HandlerContext, id: number): Promise<AppointmentDoc> {
  const a = await deps.appointments.byId(id);
  if (!a) throw notFound('Appointment not found');
  await ctx.authorizeStore(a.storeId);
  if (!isDayOffRecord(a)) throw badRequest('id', REGULAR_NOT_YET);
  await ctx.authorizeStore(a.storeId, MANAGERS);
  return a;
}

export async function updateDayOff(deps: Deps, ctx: HandlerContext, id: number, body: AppointmentPatchBody): Promise<{ appointment: AppointmentView }> {
  const a = await loadDayOff(deps, ctx, id);
  if ((body.customerId !== undefined && body.customerId !== 0) || (body.serviceIds !== undefined && body.serviceIds !== '0')) {
    throw badRequest('serviceIds', REGULAR_NOT_YET);
  }
  const staff = await staffOfStore(deps, a.storeId, body.staffId ?? a.staffId);
  const changes: Partial<AppointmentDoc> = {
    staffId: staff._id,
    date: body.date ?? a.date,
    ...range(body.start ?? a.start, body.end ?? a.end),
    modifiedBy: ctx.caller?.userId ?? 0,
  };
  if (body.note !== undefined) changes.note = body.note || 'OFF';
  const next = { ...a, ...changes } as AppointmentDoc;
  const saved = await deps.appointments.update(id, changes, [appointmentEvent(deps.ctx.bus, 'appointment.updated', next)]);
  return { appointment: appointmentView(saved ?? next, { staff }) };
}

export async function deleteDayOff(deps: Deps, ctx: HandlerContext, id: number): Promise<{ success: true }> {
  const a = await loadDayOff(deps, ctx, id);
  await deps.appointments.delete(id, appointmentEvent(deps.ctx.bus, 'appointment.deleted', a));
  return { success: true };
}

/** A staff member's days off (list and history): owner, admin, superadmin, or that staff member. */
export async function daysOffOf(deps: Deps, ctx: HandlerContext, staffId: number): Promise<{ pto: AppointmentView[] }> {
  const staff = await loadEmployee(deps, ctx, staffId);
  const self = ctx.caller?.kind === 'user' && staff.userId != null && ctx.caller.userId === staff.userId;
  if (!self) await ctx.authorizeStore(staff.storeId, MANAGERS);
  const pto = await deps.appointments.daysOffOf(staffId);
  return { pto: pto.map((a) => appointmentView(a, { staff })) };
}
