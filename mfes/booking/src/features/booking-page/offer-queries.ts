import { api } from '@turnbook/web-kit';

/** The store's customer services (never INTERNAL), shared by the landing page's menu and the booking modal. */
export const servicesQuery = (storeId: number) => ({
  queryKey: ['booking', storeId, 'services'],
  queryFn: async () => (await api.get('GET public_getExternalServicesByStoreId/{storeId}', { storeId })).services.filter((s) => s.type !== 'INTERNAL'),
});

/** The store's staff as the public sees them (the modal and the landing page keep the online ones). */
export const staffQuery = (storeId: number) => ({
  queryKey: ['booking', storeId, 'staff'],
  queryFn: async () => (await api.get('GET public_getStaffsByStoreId/{storeId}', { storeId })).employees,
});
