import type { AppointmentView, EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import type { LogView } from '@turnbook/contracts/schemas/logs';
import { api, isApiError } from '@turnbook/web-kit';
import { useQuery } from '@tanstack/react-query';
import { calendarKeys } from '../calendar-data/calendar-keys';
import { formatDollars } from '@turnbook/domain/money/money';
import { displayName, fullName } from '@turnbook/domain/text/names';

/** The spec's words for the requests list and the activities (docs/product/messages.md). */
export const TEXT = {
  noRequest: 'No request',
  noActivity: 'No activity yet',
  suggest: 'Suggest a new time',
  waitingForCustomer: 'New time sent: waiting for the customer',
  createdByStore: 'store',
};

/** What the bell counts and lists (docs/product/statuses.md). */
export const REQUEST_STATUSES = ['PENDING', 'MODIFYING', 'REQUEST CANCEL'] as const;

export const customerName = (a: Pick<AppointmentView, 'customerFname' | 'customerLname'>) =>
  fullName({ fname: a.customerFname, lname: a.customerLname }) || 'Customer';

export const servicesOf = (a: Pick<AppointmentView, 'services'>) => a.services.map((s) => s.name).join(', ');

// The browser's Intl, not luxon: the bell is on the calendar's first load, which has a weight budget.
const LONG_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Mon, Nov 30, 2026' for a YYYY-MM-DD date. */
export const longDate = (date: string) => LONG_DATE.format(new Date(`${date}T00:00:00Z`));

/** A log entry's moment in the store's zone ('Nov 30, 3:05 PM'). */
export const logTime = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: zone || 'America/New_York' }).format(new Date(iso));

/** 'created by': the staff member's name for a user id, 'store' when no staff user matches (the front desk, a customer online). */
export function createdByName(createdBy: number, staff: Pick<EmployeeView, 'userId' | 'fname' | 'lname' | 'nickname'>[]): string {
  const e = createdBy ? staff.find((s) => s.userId === createdBy) : undefined;
  if (!e) return TEXT.createdByStore;
  return displayName(e.nickname) || fullName(e);
}

/** The day's income: the sales of its appointments that were not cancelled (dollars). */
export function dayIncome(appointments: Pick<AppointmentView, 'sale' | 'status'>[]): number {
  return appointments.reduce((sum, a) => (a.status === 'CANCEL' ? sum : sum + (a.sale ?? 0)), 0);
}

export const money = formatDollars;

export const unreadCount = (logs: Pick<LogView, 'read'>[]) => logs.filter((l) => !l.read).length;

// ------------------------------------------------------------------------------------------ reads

/**
 * The request's customer name: the appointment's copy, or the customer record while that copy has not
 * arrived yet (a request written right after its customer was created).
 */
export function useCustomerName(a: Pick<AppointmentView, 'customerId' | 'customerFname' | 'customerLname'>): string {
  const known = fullName({ fname: a.customerFname, lname: a.customerLname });
  const record = useQuery({
    queryKey: ['calendar', 'customer-name', a.customerId],
    enabled: !known && a.customerId > 0,
    staleTime: 5 * 60_000,
    queryFn: async () => (await api.get('GET customer/{id}', { id: a.customerId })).customer,
  });
  return known || (record.data ? customerName({ customerFname: record.data.fname, customerLname: record.data.lname }) : 'Customer');
}

export function useOnlineRequests(storeId: number, enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.requests(storeId),
    enabled,
    queryFn: async () => (await api.get('GET getAppointmentsOnlineByStoreId/{storeId}', { storeId })).appointments,
  });
}

export function useStoreLogs(storeId: number, enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.logs(storeId),
    enabled,
    queryFn: async () => (await api.get('GET getStoreLogs/{storeId}', { storeId })).logs,
  });
}

export function useStaffNames(storeId: number, enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.staffNames(storeId),
    enabled,
    queryFn: async () => (await api.get('GET getStaffsByStoreId/{storeId}', { storeId })).employees,
  });
}

export function useDayIncome(storeId: number, date: string, enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.income(storeId, date),
    enabled,
    queryFn: async () => {
      const day = await api.get('GET getAppointmentsByStoreIdAndDate/{storeId}/{date}', { storeId, date });
      return dayIncome([...day.appointments, ...day.appointmentsNull, ...day.appointmentsOnline]);
    },
  });
}

/** What a failed call says on screen: the server's message, or a plain one. */
export const messageOf = (err: unknown) => (isApiError(err) ? err.message : 'Something went wrong. Please try again.');
