import { z } from 'zod';
import type { EventData } from '@turnbook/contracts';
import type { ServiceDefinition } from '@turnbook/service-kit';
import { dayRoutes } from './appointments/day-routes';
import { AppointmentRepository } from './appointments/repository';
import { followCustomers } from './customer-appointments/customer-events';
import { customerAppointmentRoutes } from './customer-appointments/routes';
import { dayOffRoutes } from './days-off/routes';
import { MembershipPublisher } from './memberships/membership-publisher';
import { serviceRoutes } from './services/routes';
import { ServiceRepository } from './services/repository';
import type { Deps } from './shared/deps';
import { identityClient } from './shared/identity-client';
import { StaffRepository } from './staff/repository';
import { staffRoutes } from './staff/routes';
import { applyUserUpdated } from './staff/user-updates';
import { StoreRepository } from './stores/repository';
import { storeRoutes } from './stores/routes';

/**
 * Scheduling: stores, services catalogue, staff, days off (and, with the calendar issue, appointments).
 * It owns stores and staff, so it is the source of `store.membership_changed`.
 */
const schedulingEnv = {
  /** How often stores left with a stale membership (a crash mid-change) are republished. */
  MEMBERSHIP_SWEEP_MS: z.coerce.number().int().positive().default(5000),
};

export const schedulingService: ServiceDefinition<typeof schedulingEnv> = {
  name: 'scheduling',
  env: schedulingEnv,
  async build(ctx) {
    const { db, bus, config, log, memberships } = ctx;
    const stores = new StoreRepository(db, bus);
    const staff = new StaffRepository(db, bus);
    const deps: Deps = {
      ctx,
      stores,
      staff,
      services: new ServiceRepository(db),
      appointments: new AppointmentRepository(db, bus),
      membership: new MembershipPublisher({ stores, staff, bus, memberships, log }),
      identity: identityClient(config.IDENTITY_URL, config.INTERNAL_TOKEN),
    };
    await Promise.all([stores.model.init(), staff.model.init(), deps.services.model.init(), deps.appointments.model.init()]);
    deps.membership.start(config.MEMBERSHIP_SWEEP_MS);

    // Durables are named per database: replicas of one deployment share them, test databases do not.
    const durable = config.mongoDb.replace(/[^A-Za-z0-9_-]/g, '_');
    await bus.consume(`${durable}-user-updated`, 'evt.user.*.updated', (env) => applyUserUpdated(deps, env.data as EventData<'user.updated'>));
    await followCustomers(deps, durable);

    return {
      handlers: {
        ...storeRoutes(deps),
        ...serviceRoutes(deps),
        ...staffRoutes(deps),
        ...dayOffRoutes(deps),
        ...customerAppointmentRoutes(deps),
        ...dayRoutes(deps),
      },
      onStop: async () => deps.membership.stop(),
    };
  },
};
