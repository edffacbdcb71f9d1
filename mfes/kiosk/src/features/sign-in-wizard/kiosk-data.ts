import { useQuery } from '@tanstack/react-query';
import { api, useRealtimeRefresh } from '@turnbook/web-kit';
import type { KioskAppointment, KioskService, LookupType } from './wizard-model';
import { isRealStaff } from '@turnbook/domain/roles/real-staff';

/**
 * The reads a walk-in's sign-in needs are tried even when the browser says it is offline: the kiosk app's
 * service worker answers them from its last copy, so the wizard opens after a reload without a network.
 */
const OFFLINE_FIRST = 'offlineFirst' as const;

/** The store's name and time zone (its public page's data: a kiosk token reads no store settings). */
export function useKioskStore(permalink: string | null) {
  return useQuery({
    queryKey: ['kiosk', 'store', permalink],
    enabled: Boolean(permalink),
    networkMode: OFFLINE_FIRST,
    staleTime: 60 * 60_000,
    queryFn: async () => {
      const { stores } = await api.get('GET public_getStoreByPermalink/{permalink}', { permalink: permalink! });
      const store = stores[0];
      return store ? { id: store.id, name: store.name, zone: store.timezone || 'America/New_York' } : null;
    },
  });
}

/** The services offered at sign-in (external ones; internal services never show at the door). */
export function useKioskServices(storeId: number | null) {
  return useQuery({
    queryKey: ['kiosk', 'services', storeId],
    enabled: storeId != null,
    networkMode: OFFLINE_FIRST,
    staleTime: 10 * 60_000,
    queryFn: async (): Promise<KioskService[]> => {
      const { services } = await api.get('GET getExternalServicesByStoreId/{storeId}', { storeId: storeId! });
      return services.filter((s) => s.status !== 'OFF').map((s) => ({ id: s.id, name: s.name, duration: s.duration }));
    },
  });
}

/** The names customers may ask for at sign-in (real staff only: no TBD entries; names without contacts). */
export function useKioskStaff(storeId: number) {
  return useQuery({
    queryKey: ['kiosk', 'staff', storeId],
    networkMode: OFFLINE_FIRST,
    staleTime: 10 * 60_000,
    queryFn: async (): Promise<string[]> => {
      const { employees } = await api.get('GET public_getStaffsByStoreId/{storeId}', { storeId });
      const names = employees
        .filter(isRealStaff)
        .sort((a, b) => a.sortIndex - b.sortIndex)
        .map((e) => (e.nickname || e.fname).trim())
        .filter(Boolean);
      return [...new Set(names)];
    },
  });
}

/** Today's appointments of one customer, found by phone, last name or email (exact; cancelled ones left out). */
export async function lookUpAppointments(o: { type: LookupType; storeId: number; value: string; date: string }): Promise<KioskAppointment[]> {
  const res = await api.get('GET getAppointmentsByStoreIdAndType/{type}/{storeId}/{value}/{date}', {
    type: o.type, storeId: o.storeId, value: o.value.trim(), date: o.date,
  });
  return [...res.appointments, ...res.appointmentsNull].filter((a) => a.status !== 'CANCEL' && a.status !== 'REQUEST CANCEL');
}

/**
 * How many are waiting and the wait of someone signing in now (no names); refetched when the relay says the
 * store's sheets or turns changed, and every minute as the staff's booked time runs down.
 */
export function useKioskQueue(storeId: number, date: string | null) {
  useRealtimeRefresh(`store:${storeId}:queue`, [['kiosk', 'queue', storeId]]);
  return useQuery({
    queryKey: ['kiosk', 'queue', storeId, date],
    enabled: date != null,
    refetchInterval: 60_000,
    queryFn: () => api.get('GET getQueueByStoreIdAndDate/{storeId}/{date}', { storeId, date: date! }),
  });
}
