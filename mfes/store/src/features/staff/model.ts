import { useQuery } from '@tanstack/react-query';
// Types only: a value from the schemas module would bring zod, the schemas and luxon into every page
// that lists staff (the settings page takes its choices from ./choices).
import type { EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { api } from '@turnbook/web-kit';
import { displayName } from '@turnbook/domain/text/names';

/** An employee as scheduling answers it. */
export type Employee = EmployeeView;
export type StaffRoleName = EmployeeView['role'];

export const WEEKDAYS = [
  { key: 'mon', label: 'Monday' },
  { key: 'tue', label: 'Tuesday' },
  { key: 'wed', label: 'Wednesday' },
  { key: 'thu', label: 'Thursday' },
  { key: 'fri', label: 'Friday' },
  { key: 'sat', label: 'Saturday' },
  { key: 'sun', label: 'Sunday' },
] as const;

/** Saves one employee's place in the list (reorder mode saves each employee in its new order). */
export const saveEmployeeSortIndex = (e: Employee, sortIndex: number) => api.post('POST updateEmployeeSortIndex/{id}', { sortIndex }, { id: e.id });

/** Names are stored lower-case; screens show them capitalised ('mai nguyen' → 'Mai Nguyen'): the domain's one rule. */
export const capitalize = displayName;

/** First and last name, else the nickname (staff without an account may only have a nickname). */
export function staffName(e: Pick<Employee, 'fname' | 'lname' | 'nickname'>): string {
  const full = [e.fname, e.lname].filter(Boolean).join(' ').trim();
  return capitalize(full || e.nickname || '');
}

export function initials(e: Pick<Employee, 'fname' | 'lname' | 'nickname'>): string {
  const first = (e.fname || e.nickname || '?').trim().charAt(0);
  const last = (e.lname || '').trim().charAt(0);
  return (first + last).toUpperCase();
}

export function pictureOf(e: Pick<Employee, 'url' | 'profile_image'>): string | null {
  return e.url || e.profile_image || null;
}

/** Background colour of the initials avatar: the staff colour when it is a hex code. */
export function colorOf(e: Pick<Employee, 'color'>): string {
  const c = (e.color || '').trim();
  if (!c) return '#00bcd4';
  return c.startsWith('#') ? c : `#${c}`;
}

export const staffKeys = {
  list: (storeId?: number) => ['staff', 'list', storeId] as const,
  archive: (storeId?: number) => ['staff', 'archive', storeId] as const,
  one: (id?: number | string) => ['staff', 'one', String(id)] as const,
  invitations: (storeId?: number) => ['staff', 'invitations', storeId] as const,
};

/** The store's pending staff invitations (owner only: others never ask). */
export function usePendingInvitations(storeId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.invitations(storeId),
    enabled: Boolean(storeId) && enabled,
    queryFn: async () => (await api.get('GET staff-invitations/{storeId}', { storeId: storeId! })).invitations,
  });
}

/** The store's current staff, in sortIndex order. */
export function useStaffList(storeId: number | undefined) {
  return useQuery({
    queryKey: staffKeys.list(storeId),
    enabled: Boolean(storeId),
    queryFn: async () => {
      const res = await api.get('GET getStaffsByStoreId/{storeId}', { storeId: storeId! });
      return [...(res.employees ?? [])].sort((a, b) => a.sortIndex - b.sortIndex || a.id - b.id);
    },
  });
}

/** One staff member by id (archived ones too, for the restore page). */
export function useEmployee(id: string | undefined) {
  return useQuery({
    queryKey: staffKeys.one(id),
    enabled: Boolean(id && /^\d+$/.test(id)),
    queryFn: async () => {
      const res = await api.get('GET getStaffsByEmployeeId/{id}', { id: id! });
      return res.employees?.[0] ?? null;
    },
  });
}
