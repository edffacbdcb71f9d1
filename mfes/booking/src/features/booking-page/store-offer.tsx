import { Stack } from '@mantine/core';
import type { PublicEmployeeView, ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { onlineStaff } from '../booking-modal/online-staff';
import { ServiceMenu } from './service-menu';
import { TeamList } from './team-list';

/** What the store offers, on the landing page: its services with prices and lengths, then its team (read by the page before it shows). */
export function StoreOffer({ services, staff, onBook }: { services: ServiceView[]; staff: PublicEmployeeView[]; onBook: (serviceId: number) => void }) {
  return (
    <Stack gap="lg">
      <ServiceMenu services={services} onBook={onBook} />
      <TeamList staff={onlineStaff(staff, null)} />
    </Stack>
  );
}
