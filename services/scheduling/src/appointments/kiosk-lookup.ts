import type { ResponseOf } from '@turnbook/contracts';
import { calendarColumnOf, digitsOnly, isRealStaff, UNASSIGNED_COLUMN } from '@turnbook/domain';
import type { StaffRepository } from '../staff/repository';
import { displayName } from '../staff/view';
import type { AppointmentDoc } from './model';
import type { AppointmentRepository } from './repository';

export interface KioskLookupDeps {
  staff: Pick<StaffRepository, 'ofStore'>;
  appointments: Pick<AppointmentRepository, 'days'>;
}

type Answer = ResponseOf<'GET getAppointmentsByStoreIdAndType/{type}/{storeId}/{value}/{date}'>;
type KioskView = Answer['appointments'][number];

/** '(***) ***-1234': the door shows enough to recognise one's own number, never a stranger's. */
const maskPhone = (phone: string | undefined) => {
  const d = digitsOnly(phone ?? '');
  return d ? `(***) ***-${d.slice(-4)}` : '';
};

/** An online request still waiting for the store: not an appointment yet (a walk-in is PENDING too, but has its sheet). */
const awaitsApproval = (a: AppointmentDoc) => (a.status === 'PENDING' || a.status === 'MODIFYING') && !a.walkIn && a.sheetId == null;

const matches = (a: AppointmentDoc, type: 'lname' | 'phone' | 'email', value: string) =>
  type === 'phone' ? digitsOnly(a.customerPhone ?? '') === value : (type === 'lname' ? a.customerLname : a.customerEmail)?.trim().toLowerCase() === value;

/**
 * The kiosk's lookup of a day's appointments by the customer's last name, phone or email: an exact match
 * only, and only when one customer matches, so the door never lists strangers (docs/product/roles.md).
 * First name, last initial, masked phone, services and time; cancelled appointments are left out. An online
 * request the store has not approved comes marked `awaitingApproval` (the door says it is not confirmed),
 * one already signed in comes marked `signedIn` (docs/product/kiosk.md).
 */
export async function kioskLookup(deps: KioskLookupDeps, input: { storeId: number; type: 'lname' | 'phone' | 'email'; value: string; date: string }): Promise<Answer> {
  const [docs, staff] = await Promise.all([deps.appointments.days.read(input.storeId, input.date), deps.staff.ofStore(input.storeId, 'any')]);
  const found = docs.filter((a) => a.customerId > 0 && a.status !== 'CANCEL' && a.status !== 'REQUEST CANCEL' && matches(a, input.type, input.value));
  const out: Answer = { appointments: [], appointmentsNull: [] };
  if (new Set(found.map((a) => a.customerId)).size !== 1) return out;
  const byId = new Map(staff.map((e) => [e._id, e]));
  for (const a of found) {
    // The TBD placeholder (or role none, archived) is no one to be served by: such an appointment is unassigned.
    const named = byId.get(a.staffId);
    const e = isRealStaff(named) ? named : undefined;
    const view: KioskView = {
      id: a._id,
      staffId: a.staffId,
      date: a.date,
      start: a.start,
      end: a.end,
      status: a.status,
      services: (a.services ?? []).map((s) => ({ id: s.id, name: s.name, duration: s.duration })),
      customerId: a.customerId,
      customerFname: a.customerFname ?? '',
      customerLname: (a.customerLname ?? '').slice(0, 1),
      customerPhone: maskPhone(a.customerPhone),
      userFname: e ? displayName(e) : '',
      awaitingApproval: awaitsApproval(a),
      signedIn: a.sheetId != null,
    };
    (calendarColumnOf(a, () => e !== undefined) === UNASSIGNED_COLUMN ? out.appointmentsNull : out.appointments).push(view);
  }
  return out;
}
