import type { EmployeeView, PublicEmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { seesStaffContact, type StoreAccess } from '@turnbook/domain';
import type { EmployeeDoc } from './model';

/** Never the PIN hash; `hasPIN` says whether one is set. */
export function employeeView(e: EmployeeDoc): EmployeeView {
  return {
    id: e._id,
    userId: e.userId ?? null,
    storeId: e.storeId,
    fname: e.fname ?? '',
    lname: e.lname ?? '',
    nickname: e.nickname ?? '',
    email: e.email ?? '',
    phone: e.phone ?? '',
    url: e.url ?? e.profile_image ?? null,
    role: e.role,
    online_booking: e.online_booking,
    dayOff: e.dayOff ?? '',
    sortIndex: e.sortIndex ?? 0,
    color: e.color ?? '',
    profile_image: e.profile_image ?? null,
    archived: !!e.archived,
    hasPIN: !!e.pinHash,
  };
}

/** Who reads a staff record: their access to its store and their user id. */
export interface StaffReader {
  access: StoreAccess;
  callerUserId: number | undefined;
}

/** The view for this reader: a colleague's email and phone only where seesStaffContact allows (roles.md). */
export function employeeViewFor(reader: StaffReader, e: EmployeeDoc): EmployeeView {
  const own = reader.callerUserId !== undefined && e.userId === reader.callerUserId;
  const v = employeeView(e);
  return seesStaffContact(reader.access, own) ? v : { ...v, email: '', phone: '' };
}

/** The booking page's view: no contact details, account or PIN. */
export function publicEmployeeView(e: EmployeeDoc): PublicEmployeeView {
  const v = employeeView(e);
  return {
    id: v.id, storeId: v.storeId, fname: v.fname, lname: v.lname, nickname: v.nickname, url: v.url,
    profile_image: v.profile_image, color: v.color, role: v.role, online_booking: v.online_booking,
    dayOff: v.dayOff, sortIndex: v.sortIndex,
  };
}

/** The name the calendar shows for a staff member: nickname, else first name. */
export const displayName = (e: Pick<EmployeeDoc, 'nickname' | 'fname'>) => e.nickname || e.fname || '';
