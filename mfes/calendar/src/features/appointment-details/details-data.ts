import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { useQuery } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { calendarKeys } from '../calendar-data/calendar-keys';

/** The spec's words the details show (docs/product/messages.md). */
export const DETAILS_MESSAGES = {
  invalidDate: 'Invalid date!!!',
  pastDate: 'Appointment date must be a current or future date.',
  chooseStaff: 'Please choose a staff',
  addService: 'Please add at least one service',
} as const;

/**
 * What the details read besides the appointment, under the store's prefix so `invalidateStore` after any
 * write (or a realtime event) reads them again.
 */
export const detailsKeys = {
  staff: (storeId: number) => [...calendarKeys.store(storeId), 'details', 'staff'] as const,
  services: (storeId: number) => [...calendarKeys.store(storeId), 'details', 'services'] as const,
  history: (storeId: number, id: number) => [...calendarKeys.appointment(storeId, id), 'history'] as const,
  staffDay: (storeId: number, staffId: number, date: string) => [...calendarKeys.store(storeId), 'details', 'staff-day', staffId, date] as const,
};

/** getAppointmentsById answers the appointment in the one list the calendar files it under. */
export function useAppointment(storeId: number, id: number, enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.appointment(storeId, id),
    enabled,
    queryFn: async () => {
      const r = await api.get('GET getAppointmentsById/{id}', { id });
      return r.appointments[0] ?? r.appointmentsNull[0] ?? r.appointmentsOnline[0] ?? null;
    },
  });
}

export function useStaff(storeId: number, enabled = true) {
  return useQuery({
    queryKey: detailsKeys.staff(storeId),
    enabled,
    queryFn: async () => (await api.get('GET getStaffsByStoreId/{storeId}', { storeId })).employees,
  });
}

export function useServices(storeId: number, enabled = true) {
  return useQuery({
    queryKey: detailsKeys.services(storeId),
    enabled,
    queryFn: async () => (await api.get('GET getServicesByStoreId/{storeId}', { storeId })).services,
  });
}

export function useHistory(storeId: number, id: number, enabled: boolean) {
  return useQuery({
    queryKey: detailsKeys.history(storeId, id),
    enabled,
    queryFn: async () => (await api.get('GET getStoreLogsByAppointmentId/{id}', { id })).logs,
  });
}

/** What an appointment write answers: the appointment, and the appointments it was put over, if any. */
export interface WriteAnswer {
  appointment: AppointmentView;
  overlaps?: { appointmentId: number; staffId: number; date: string; start: string; end: string }[];
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
