import type { EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { useSession } from '@turnbook/web-kit';
import { anEmployee } from '@turnbook/web-kit/testing/fixtures';

/** Test helper of the staff, days-off and customer screens: a signed-in owner (user 2) of store 1. */
export function signInAsOwner(extra: Record<string, string> = {}) {
  useSession.getState().setSession({ access_token: 'token', user_id: '2', store_id: '1', store_owner_id: '2', owner_id: '2', store_permalink: 'lotus-nail-spa', ...extra });
}

/** The answer of getStaffsByUserId for the caller's role in store 1. */
export const roleAnswer = (role: EmployeeView['role']) => ({ body: { employees: [anEmployee({ id: 10000, userId: 2, role })] } });

export const EMPLOYEES: EmployeeView[] = [
  { id: 10000, userId: 2, storeId: 1, fname: 'mai', lname: 'nguyen', nickname: 'mai', email: 'owner@x.com', phone: '2155550101', url: null, role: 'admin', online_booking: 'ON', dayOff: '', sortIndex: 0, color: '#00bcd4', profile_image: null, archived: false, hasPIN: true },
  { id: 10001, userId: 3, storeId: 1, fname: 'linh', lname: 'tran', nickname: 'linh', email: 'linh@x.com', phone: '2155550102', url: null, role: 'admin', online_booking: 'ON', dayOff: 'mon', sortIndex: 1, color: '#e91e63', profile_image: null, archived: false, hasPIN: true },
];
