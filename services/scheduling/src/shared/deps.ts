import type { ServiceContext } from '@turnbook/service-kit';
import type { AppointmentRepository } from '../appointments/repository';
import type { MembershipPublisher } from '../memberships/membership-publisher';
import type { ServiceRepository } from '../services/repository';
import type { StaffRepository } from '../staff/repository';
import type { StoreRepository } from '../stores/repository';
import type { IdentityClient } from './identity-client';

/** Everything a use case may need, built once in service.ts. */
export interface Deps {
  ctx: ServiceContext;
  stores: StoreRepository;
  services: ServiceRepository;
  staff: StaffRepository;
  appointments: AppointmentRepository;
  membership: MembershipPublisher;
  identity: IdentityClient;
}
