import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { allows, type StoreAccess } from '@turnbook/domain';
import type { EmployeeDoc } from '../staff/model';
import type { AppointmentDoc } from './model';
import { appointmentView } from './view';

/**
 * What a member of the store sees of the calendar's appointments (docs/product/roles.md), the same on
 * every read so a call never shows what the screen hides. Staff names are not secret: every member who
 * sees an appointment sees whose it is.
 * - owner, admin, superadmin (and the super admin): everything, with sales;
 * - staff, limited or not: every column from today on; before today, their own column only; sales on their
 *   own only (001 §6: limited staff see customer details on their own appointments or in the present);
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
/** The class of everyone who manages the store: they all see a day the same way, whatever the date. */
export const MANAGER_CLASS = 'manager';

export function visibilityClass(v: Viewer): string {
  if (allows('storeManager', v.access)) return MANAGER_CLASS;
  return `${v.access.isStoreLogin ? 'desk' : 'staff'}|${v.today}|${[...v.mine].sort((a, b) => a - b).join(',')}`;
}

/** How much of one appointment a caller sees: its sale, and its customer (name, phone, services, note). */
export interface Sight {
  sale: boolean;
  customer: boolean;
}

/**
 * What this caller sees of the appointment, or null when they may not see it at all. Limited staff see as
 * much as other staff (what they may not do, open, book or move, is the route table's and the grid's).
 */
export function sightOf(v: Viewer, a: Pick<AppointmentDoc, 'staffId' | 'date'>): Sight | null {
  if (allows('storeManager', v.access)) return { sale: true, customer: true };
  if (v.mine.has(a.staffId)) return { sale: true, customer: true };
  if (a.date >= v.today) return { sale: false, customer: true };
  if (!v.access.isStoreLogin) return null;
  return { sale: false, customer: false };
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
  return { ...out, customerFname: '', customerLname: '', customerPhone: '', customerEmail: '', customerStatus: '', services: [], serviceIds: '', note: '' };
}
