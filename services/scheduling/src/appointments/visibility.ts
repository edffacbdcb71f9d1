import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { allows, isDayOffRecord, type StoreAccess } from '@turnbook/domain';
import type { EmployeeDoc } from '../staff/model';
import type { AppointmentDoc } from './model';
import { appointmentView } from './view';

/**
 * What a member of the store sees of the calendar's appointments (docs/product/roles.md), the same on
 * every read so a call never shows what the screen hides. Staff names are not secret: every member who
 * sees an appointment sees whose it is.
 * - owner, admin, superadmin (and the super admin): everything, with sales;
 * - limited staff: their own column (with its sales); from today on the others' appointments as busy
 *   times only (no customer, services, note or sale; cancelled ones not at all); before today nothing else;
 * - other staff: every column from today on; before today, their own column only; sales on their own only;
 * - the front desk: every column, no sales; before today without customer names, services or notes.
 */
export interface Viewer {
  access: StoreAccess;
  /** the caller's staff records in this store (their columns) */
  mine: Set<number>;
  /** today in the store's zone */
  today: string;
}

export function viewerOf(access: StoreAccess, callerUserId: number | undefined, staff: EmployeeDoc[], today: string): Viewer {
  const mine = new Set(staff.filter((e) => callerUserId !== undefined && e.userId === callerUserId).map((e) => e._id));
  return { access, mine, today };
}

/**
 * Callers with the same class see the same views of a day (viewFor depends on nothing else), so an answer
 * built for one can be given to the others while the day and the store's configuration are unchanged.
 */
export function visibilityClass(v: Viewer): string {
  if (allows('storeManager', v.access)) return 'manager';
  const limited = !v.access.isStoreLogin && v.access.staffRole === 'limited';
  return `${v.access.isStoreLogin ? 'desk' : limited ? 'limited' : 'staff'}|${v.today}|${[...v.mine].sort((a, b) => a - b).join(',')}`;
}

/** How much of one appointment a caller sees: its sale, and its customer (name, phone, services, note). */
export interface Sight {
  sale: boolean;
  customer: boolean;
  /** a colleague's appointment shown to limited staff as a busy time */
  busy: boolean;
}

/** What this caller sees of the appointment, or null when they may not see it at all. */
export function sightOf(v: Viewer, a: Pick<AppointmentDoc, 'staffId' | 'date' | 'status'>): Sight | null {
  if (allows('storeManager', v.access)) return { sale: true, customer: true, busy: false };
  const own = v.mine.has(a.staffId);
  if (own) return { sale: true, customer: true, busy: false };
  const present = a.date >= v.today;
  if (!v.access.isStoreLogin && v.access.staffRole === 'limited') {
    return present && a.status !== 'CANCEL' ? { sale: false, customer: false, busy: true } : null;
  }
  if (present) return { sale: false, customer: true, busy: false };
  if (!v.access.isStoreLogin) return null;
  return { sale: false, customer: false, busy: false };
}

/** The view of one appointment for this caller, or null when they may not see it at all. */
export function viewFor(v: Viewer, a: AppointmentDoc, staff: Pick<EmployeeDoc, 'nickname' | 'fname'> | null): AppointmentView | null {
  const sight = sightOf(v, a);
  if (!sight) return null;
  return shaped(appointmentView(a, { staff, showSale: sight.sale }), sight);
}

/** A view (or a stored snapshot of one) cut down to what the sight allows. */
export function shaped<T extends Partial<AppointmentView>>(view: T, sight: Sight): T {
  const out: T = sight.sale ? view : { ...view, sale: null };
  if (sight.customer) return out;
  const hidden = { ...out, customerFname: '', customerLname: '', customerPhone: '', customerEmail: '', customerStatus: '', services: [], serviceIds: '', note: '' };
  if (!sight.busy) return hidden;
  // A busy time says when, not who: a day off stays recognisable as one, nothing else of the booking.
  const dayOff = view.customerId !== undefined && isDayOffRecord({ customerId: view.customerId, serviceIds: view.serviceIds });
  return { ...hidden, customerId: 0, serviceIds: dayOff ? '0' : '', createdBy: 0, modifiedBy: 0, sheetId: null, busy: true };
}
