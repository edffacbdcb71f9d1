import { MESSAGES } from '@turnbook/contracts';
import type { CustomerAppointmentView, OnlineUpdateBody } from '@turnbook/contracts/schemas/appointments';
import { DEFAULT_TIME_ZONE, digitsOnly, isDayOffRecord, ONLINE_COLUMN, todayIn } from '@turnbook/domain';
import { AppError, notFound, type Caller, type EventBus } from '@turnbook/service-kit';
import { logRecord } from '../appointments/appointment-rules';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentDoc } from '../appointments/model';
import { asRead, onLatest } from '../appointments/on-latest';
import type { AppointmentRepository } from '../appointments/repository';
import { appointmentView, isSuggested } from '../appointments/view';
import { servicesAsked, type DayInputsDeps } from '../availability/day-inputs';
import type { CustomerCopyRepository } from '../customer-appointments/customer-copies';
import type { LogRepository } from '../logs/repository';
import type { StaffRepository } from '../staff/repository';
import type { StoreDoc } from '../stores/model';
import type { StoreRepository } from '../stores/repository';
import { claimRequestedSlot, requestedSlot } from './requested-slot';
import { customerAppointmentView } from './view';

export interface CustomerRequestsDeps extends DayInputsDeps {
  stores: Pick<StoreRepository, 'byId'>;
  staff: Pick<StaffRepository, 'ofStore' | 'byId' | 'byIds'>;
  appointments: Pick<AppointmentRepository, 'byId' | 'days' | 'moveClaimed' | 'update' | 'ofCustomerPhone' | 'ofAccount'>;
  logs: Pick<LogRepository, 'add'>;
  customerCopies: Pick<CustomerCopyRepository, 'favouriteOf'>;
  bus: EventBus;
}

/** /appointments looks back one month (the page's 'Book again' and its past list). */
const LOOKBACK_DAYS = 31;
/** What a customer may still move: a request, or an appointment the store approved. */
const MODIFIABLE = new Set(['PENDING', 'MODIFYING', 'APPROVED', 'ON']);
/** A request the store has not answered yet: the customer's cancel ends it outright. */
const WAITING = new Set(['PENDING', 'MODIFYING']);

const notChangeable = () => new AppError('notChangeableOnline', MESSAGES.notChangeableOnline, 'id');

async function viewOf(deps: Pick<CustomerRequestsDeps, 'stores' | 'staff'>, a: AppointmentDoc, store?: StoreDoc | null): Promise<CustomerAppointmentView> {
  const s = store ?? (await deps.stores.byId(a.storeId));
  const e = a.staffId === ONLINE_COLUMN ? null : await deps.staff.byId(a.staffId);
  return customerAppointmentView(a, { name: s?.name ?? '', permalink: s?.permalink ?? '', timezone: s?.timezone ?? '' }, e && e.storeId === a.storeId ? e : null);
}

/**
 * public_getAppointmentsByCustomerPhoneNumber: the caller's appointments of the last month on, one list per
 * store, newest first: the requests made from their account, and when the phone named is their verified
 * phone, every appointment of that phone. Any other phone adds nothing (a caller only ever sees their own).
 */
export async function appointmentsOfPhone(deps: CustomerRequestsDeps, caller: Caller, phone: string): Promise<{ stores: CustomerAppointmentView[][] }> {
  const own = digitsOnly(caller.phone ?? '');
  const verified = own && digitsOnly(phone) === own ? own : '';
  const since = new Date(Date.now() - LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10);
  const [byPhone, byAccount] = await Promise.all([
    verified ? deps.appointments.ofCustomerPhone(verified, since) : Promise.resolve([]),
    caller.userId != null ? deps.appointments.ofAccount(caller.userId, since) : Promise.resolve([]),
  ]);
  const all = new Map<number, AppointmentDoc>();
  for (const a of [...byPhone, ...byAccount]) if (!isDayOffRecord(a)) all.set(a._id, a);
  const list = [...all.values()].sort((x, y) => y.date.localeCompare(x.date) || y.startMin - x.startMin || y._id - x._id);
  const storeIds = [...new Set(list.map((a) => a.storeId))];
  const stores = new Map((await Promise.all(storeIds.map((id) => deps.stores.byId(id)))).filter((s): s is StoreDoc => !!s).map((s) => [s._id, s]));
  const staffIds = [...new Set(list.map((a) => a.staffId).filter((id) => id !== ONLINE_COLUMN))];
  const staff = new Map((await deps.staff.byIds(staffIds)).map((e) => [e._id, e]));
  const groups = new Map<number, CustomerAppointmentView[]>();
  for (const a of list) {
    const s = stores.get(a.storeId);
    if (!s) continue;
    const e = staff.get(a.staffId);
    const view = customerAppointmentView(a, s, e && e.storeId === a.storeId ? e : null);
    groups.set(a.storeId, [...(groups.get(a.storeId) ?? []), view]);
  }
  return { stores: [...groups.values()] };
}

// The calls below act on one of the caller's own appointments: the router loaded it and its policy checked
// it is theirs (customersOwnAppointment; someone else's answers 404 as a missing one).

/** public_getAppointmentById. */
export async function appointmentOfCustomer(deps: CustomerRequestsDeps, a: AppointmentDoc): Promise<{ appointments: CustomerAppointmentView[] }> {
  return { appointments: [await viewOf(deps, a)] };
}

function notPast(a: Pick<AppointmentDoc, 'date'>, zone: string) {
  if (a.date < todayIn(zone)) throw notChangeable();
}

/**
 * public_updateAppointmentOnline: the customer moves their request or approved appointment (staff, date,
 * services, time) at once, as MODIFYING, for a time the engine offers online and that is free when written:
 * the old steps are let go first, then every new one is claimed or none (409 slotTaken, and the old time is
 * taken back). It clears a store's suggestion (docs/decisions.md).
 */
export async function updateOnlineRequest(deps: CustomerRequestsDeps, a: AppointmentDoc, body: OnlineUpdateBody): Promise<{ appointment: CustomerAppointmentView }> {
  if (!MODIFIABLE.has(a.status) || a.sheetId != null || a.walkIn) throw notChangeable();
  const store = await deps.stores.byId(a.storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  const zone = store.timezone || DEFAULT_TIME_ZONE;
  notPast(a, zone);
  if (body.status === 'APPROVED') return acceptSuggestedTime(deps, a, body, store);
  const services = await servicesAsked(deps, store._id, body.serviceIds, 'online');
  const durations = services.map((s) => s.duration);
  const { anyone, startMin } = await requestedSlot(deps.staff, store._id, body);
  const favourite = await deps.customerCopies.favouriteOf(store._id, a.customerId);
  const saved = await claimRequestedSlot(
    deps,
    store,
    { date: body.date, durations, anyone, staffId: body.staffId, startMin, favourite, excludeAppointmentId: a._id },
    (slot) => {
      const changes: Partial<AppointmentDoc> = {
        ...slot,
        serviceIds: services.map((s) => s._id).join(','),
        services: services.map((s) => ({ id: s._id, name: s.name, price: s.priceCents / 100, duration: s.duration })),
        date: body.date,
        ...(body.note !== undefined ? { note: body.note } : {}),
        status: 'MODIFYING',
        suggestedAt: null,
        modifiedBy: 0,
      };
      const next = { ...a, ...changes } as AppointmentDoc;
      return deps.appointments.moveClaimed(a, changes, [appointmentEvent(deps.bus, 'appointment.updated', next)]);
    },
  );
  await deps.logs.add({
    storeId: a.storeId,
    appointmentId: a._id,
    text: `Online request modified by the customer: ${saved.date} ${saved.start} - ${saved.end} (was ${a.date} ${a.start} - ${a.end})`,
    appointment_log: logRecord(appointmentView(saved, {}), []),
    createdBy: 0,
  });
  return { appointment: await viewOf(deps, saved, store) };
}

/**
 * The customer's yes to the store's suggested time: the request becomes APPROVED where it stands (its time
 * was claimed when the store suggested it). The body names the time the customer saw; if the store has
 * moved or withdrawn it meanwhile, nothing changes (409 suggestionChanged), even when both land at once.
 */
async function acceptSuggestedTime(deps: CustomerRequestsDeps, a: AppointmentDoc, body: OnlineUpdateBody, store: StoreDoc) {
  const seen = a.date === body.date && a.start === body.start && a.staffId === body.staffId;
  const changed = () => new AppError('suggestionChanged', MESSAGES.suggestionChanged, 'status');
  if (!isSuggested(a) || !seen) throw changed();
  const changes: Partial<AppointmentDoc> = { status: 'APPROVED', suggestedAt: null, modifiedBy: 0 };
  const next = { ...a, ...changes } as AppointmentDoc;
  const saved = await deps.appointments.update(a._id, changes, [appointmentEvent(deps.bus, 'appointment.updated', next)], { status: 'MODIFYING', holdKey: a.holdKey });
  if (!saved) throw changed();
  await deps.logs.add({
    storeId: a.storeId,
    appointmentId: a._id,
    text: `Suggested time accepted by the customer: ${saved.date} ${saved.start} - ${saved.end}`,
    appointment_log: logRecord(appointmentView(saved, {}), []),
    createdBy: 0,
  });
  return { appointment: await viewOf(deps, saved, store) };
}

/**
 * cancelOnlineAppointment (docs/product/statuses.md): a request the store has not answered is cancelled
 * outright; an approved (or on) appointment becomes REQUEST CANCEL, and its time is free at once (claims
 * are held by live statuses only). Declining a store's suggested time is this cancel of a MODIFYING request.
 */
export async function cancelOnlineRequest(deps: CustomerRequestsDeps, read: AppointmentDoc): Promise<{ appointment: CustomerAppointmentView }> {
  const store = await deps.stores.byId(read.storeId);
  // What the cancel does depends on the status: worked out again on the latest record when the store
  // approved or declined between this read and the write (an approved appointment gets REQUEST CANCEL).
  const { saved, status, suggested } = await onLatest(deps, read, async (a) => {
    if (!MODIFIABLE.has(a.status) || a.sheetId != null || a.walkIn) throw notChangeable();
    notPast(a, store?.timezone || DEFAULT_TIME_ZONE);
    const changes: Partial<AppointmentDoc> = { status: WAITING.has(a.status) ? 'CANCEL' : 'REQUEST CANCEL', modifiedBy: 0, cancelledByCustomer: true };
    const written = await deps.appointments.update(a._id, changes, [appointmentEvent(deps.bus, 'appointment.updated', { ...a, ...changes } as AppointmentDoc)], asRead(a));
    return written && { saved: written, status: changes.status, suggested: isSuggested(a) };
  });
  const what = status === 'CANCEL' ? (suggested ? 'Suggested time declined by the customer: request cancelled' : 'Online request cancelled by the customer') : 'Cancellation requested by the customer';
  await deps.logs.add({ storeId: saved.storeId, appointmentId: saved._id, text: what, appointment_log: logRecord(appointmentView(saved, {}), []), createdBy: 0 });
  return { appointment: await viewOf(deps, saved, store) };
}
