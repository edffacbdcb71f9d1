import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { allows, type StoreAccess } from '@turnbook/domain';
import type { EmployeeDoc } from '../staff/model';
import type { AppointmentDoc } from './model';
import { appointmentView } from './view';

/**
 * What a member of the store sees of the calendar's appointments (docs/product/roles.md), the same on
 * every read so a call never shows what the screen hides:
 * - owner, admin, superadmin (and the super admin): everything, with staff names and sales;
 * - limited staff: their own column only;
 * - other staff: every column from today on; before today, their own column only;
 * - the front desk: every column; before today without customer names or services.
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

/** The view of one appointment for this caller, or null when they may not see it at all. */
export function viewFor(v: Viewer, a: AppointmentDoc, staff: Pick<EmployeeDoc, 'nickname' | 'fname'> | null): AppointmentView | null {
  const manager = allows('storeManager', v.access);
  const view = appointmentView(a, { staff, showStaffAndSale: manager });
  if (manager) return view;
  const own = v.mine.has(a.staffId);
  if (!v.access.isStoreLogin && v.access.staffRole === 'limited') return own ? view : null;
  if (a.date >= v.today || own) return view;
  if (!v.access.isStoreLogin) return null;
  return { ...view, customerFname: '', customerLname: '', customerPhone: '', customerEmail: '', services: [], serviceIds: '', note: '' };
}
