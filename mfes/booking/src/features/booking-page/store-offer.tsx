import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { onlineStaff } from '../booking-modal/online-staff';
import { ServiceMenu } from './service-menu';
import { servicesQuery, staffQuery } from './offer-queries';
import { TeamList } from './team-list';

/** What the store offers, on the landing page: its services with prices and lengths, then its team. */
export function StoreOffer({ storeId, onBook }: { storeId: number; onBook: (serviceId: number) => void }) {
  const services = useQuery(servicesQuery(storeId));
  const staff = useQuery(staffQuery(storeId));
  return (
    <Stack gap="lg">
      <ServiceMenu services={services.data ?? []} onBook={onBook} />
      <TeamList staff={onlineStaff(staff.data ?? [], null)} />
    </Stack>
  );
}
