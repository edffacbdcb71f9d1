import { useQuery } from '@tanstack/react-query';
import type { PublicStoreView } from '@turnbook/contracts/schemas/scheduling';
import { api, useSession } from '@turnbook/web-kit';
import { digitsOnly } from '@turnbook/domain/phone/phone';
import { servicesQuery, staffQuery } from '../booking-page/offer-queries';
import { onlineStaff, type Favourite } from './online-staff';
import { myAccount } from './request-calls';

/**
 * What the booking choices need: the store's online staff and customer services, and for a signed-in
 * customer their account and their record at this store (for the favourite staff member).
 */
export function useBookingChoices(store: Pick<PublicStoreView, 'id'>) {
  const userId = useSession((s) => s.user_id);
  const token = useSession((s) => s.access_token);
  const signedIn = Boolean(token && userId);
  const staff = useQuery(staffQuery(store.id));
  const services = useQuery(servicesQuery(store.id));
  const account = useQuery({
    queryKey: ['booking', 'account', userId],
    enabled: signedIn,
    queryFn: () => myAccount(userId!),
  });
  const phone = digitsOnly(account.data?.phone);
  const record = useQuery({
    queryKey: ['booking', store.id, 'customer', phone],
    enabled: signedIn && phone.length === 10,
    queryFn: async () => (await api.get('GET public_getCustomerIdByStoreIdAndPhone/{storeId}/{phone}', { storeId: store.id, phone })).customers[0] ?? null,
  });
  const favourite: Favourite | null = record.data ?? null;
  return {
    signedIn,
    account: account.data ?? null,
    customerId: record.data?.id,
    staff: staff.data ? onlineStaff(staff.data, favourite) : [],
    services: services.data ?? [],
    loading: staff.isPending || services.isPending || (signedIn && account.isPending),
    error: staff.error ?? services.error ?? account.error ?? null,
    retry: () => void Promise.all([staff.refetch(), services.refetch(), account.refetch()]),
    /** Reads the services again (one was refused as no longer offered). */
    refreshServices: () => void services.refetch(),
  };
}

/** The draft's services that the store still offers online (all of them while the list is loading). */
export function offeredOnly<T extends { serviceIds: number[] }>(draft: T, services: Array<{ id: number }>, loading: boolean): T {
  if (loading) return draft;
  const kept = draft.serviceIds.filter((id) => services.some((s) => s.id === id));
  return kept.length === draft.serviceIds.length ? draft : { ...draft, serviceIds: kept };
}
