import { useQuery } from '@tanstack/react-query';
import type { Customer as CustomerView } from '@turnbook/contracts/schemas/customers';
import { api } from '@turnbook/web-kit';
import { capitalize, staffName, type Employee } from '../staff/model';

/** A customer as the customers service answers it. */
export type Customer = CustomerView;

export interface CustomerAppointment {
  id: number;
  date: string;
  start: string;
  end: string;
  startMin?: number;
  services: { id: number; name: string; price: number; duration: number }[];
  note: string;
  status: string;
  sale: number | null;
  userFname: string | null;
  nickname: string | null;
  staffId: number;
}

export const customerName = (c: Pick<Customer, 'fname' | 'lname'>) => capitalize([c.fname, c.lname].filter(Boolean).join(' ')) || 'No name';

export const customerKeys = {
  store: (storeId?: number) => ['customers', 'store', storeId] as const,
  search: (storeId: number | undefined, f: string, l: string, p: string) => ['customers', 'search', storeId, f, l, p] as const,
  one: (id?: string | number) => ['customers', 'one', String(id)] as const,
  appointments: (storeId?: number, id?: string | number) => ['customers', 'appointments', storeId, String(id)] as const,
};

export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.one(id),
    enabled: Boolean(id && /^\d+$/.test(id)),
    queryFn: async () => (await api.get('GET customer/{id}', { id: id! })).customer ?? null,
  });
}

export function useCustomerAppointments(storeId: number | undefined, customerId: number | string | undefined) {
  return useQuery({
    queryKey: customerKeys.appointments(storeId, customerId),
    enabled: Boolean(storeId && customerId),
    queryFn: async () =>
      (await api.get('GET getAppointmentsByStoreIdAndCustomerId/{storeId}/{customerId}', { storeId: storeId!, customerId: customerId! })).appointments ?? [],
  });
}

/** Upcoming: today and later, soonest first. Past: the latest 15, newest first (docs/product/README.md, docs/product/constants.md). */
export function splitAppointments(list: CustomerAppointment[], now = localToday()) {
  const key = (a: CustomerAppointment) => `${a.date} ${String(a.startMin ?? 0).padStart(4, '0')}`;
  const sorted = [...list].sort((a, b) => key(a).localeCompare(key(b)));
  return {
    upcoming: sorted.filter((a) => a.date >= now),
    past: sorted.filter((a) => a.date < now).reverse().slice(0, 15),
  };
}

/**
 * A search part as a path segment: '' → 'null' (the spec's placeholder). A part made only of dots cannot
 * travel in a URL path ('.' and '..' are folded away by every URL parser), so those are matched here.
 */
export const isDotsOnly = (v: string) => /^\.{1,2}$/.test(v.trim());

export function matchesLocally(c: Customer, f: string, l: string, p: string): boolean {
  const has = (hay: string | null, needle: string) => !needle || (hay ?? '').toLowerCase().includes(needle.toLowerCase());
  return has(c.fname, f.trim()) && has(c.lname, l.trim()) && has(c.phone, p.replace(/\D/g, ''));
}

// Intl instead of dayjs: this model loads with the customers list, the module's heaviest first screen.
const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' as 'Mon, Nov 23, 2026' (the date as written, whatever the device's zone). */
export function formatDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : DAY.format(d);
}

/** Today on this device, as 'YYYY-MM-DD'. */
function localToday(d = new Date()): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The customer's favourite staff member as shown: the staff list's name, else the name kept on the customer. */
export function favName(c: Customer, staff: Employee[] | undefined): string | null {
  if (!c.fav_staffId) return null;
  const e = staff?.find((s) => s.id === c.fav_staffId);
  return e ? staffName(e) : c.userFname ? capitalize(c.userFname) : `Staff ${c.fav_staffId}`;
}
