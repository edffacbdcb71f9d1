import { couldBePermalink } from '@turnbook/domain';
import { createHasher, hashCostFor } from '@turnbook/service-kit/hashing';
import { StampChangeBroadcast, SyncedWindowCounts, ExactWindowLimiter, type ServiceDefinition } from '@turnbook/service-kit';
import type { AppointmentDoc } from './appointments/model';
import { DayAnswerCache } from './appointments/day-of-store';
import { dayPrefetch } from './appointments/day-prefetch';
import { appointmentRoutes } from './appointments/routes';
import { AvailabilityAnswers } from './availability/find-availability';
import { availabilityRoutes } from './availability/routes';
import { AppointmentRepository } from './appointments/repository';
import { applyCustomerMerged, applyCustomerUpdated } from './customer-appointments/apply-customer-events';
import { CustomerCopyRepository } from './customer-appointments/customer-copies';
import { customerAppointmentRoutes } from './customer-appointments/routes';
import { dayOffRoutes } from './days-off/routes';
import type { LogDoc } from './logs/model';
import { LogRepository } from './logs/repository';
import { logRoutes } from './logs/routes';
import { limitPublicReads } from './online-requests/public-read-limits';
import { requestNoticeRoutes } from './online-requests/request-notice';
import { onlineRequestRoutes } from './online-requests/routes';
import type { VisitorAccountDeps } from './online-requests/visitor-account';
import { MembershipMarks } from './memberships/membership-marks';
import { MembershipPublisher } from './memberships/membership-publisher';
import { storeMembershipRoutes } from './memberships/membership-route';
import type { ServiceDoc } from './services/model';
import { ServiceRepository } from './services/repository';
import { serviceRoutes } from './services/routes';
import { customersClient, type CustomersClient } from './clients/customers-client';
import { identityClient } from './clients/identity-client';
import { applyUserUpdated } from './staff/apply-user-updated';
import { appendTextNote } from './texts/append-text-note';
import { logNoShowCharge } from './logs/no-show-log';
import { CardPolicyCopies } from './online-requests/card-policies';
import type { EmployeeDoc } from './staff/model';
import { StaffPeople } from './staff/people';
import { StaffRepository } from './staff/repository';
import { loadInvitation, type InvitationRecord } from './staff-invitations/invitation-record';
import { InvitationsRepository } from './staff-invitations/repository';
import { staffInvitationRoutes } from './staff-invitations/routes';
import { staffRoutes } from './staff/routes';
import { PinFailureRepository } from './store-pin/repository';
import { storePinRoutes } from './store-pin/routes';
import { ConfigStamps, StoreConfigs } from './store-config/config-read-model';
import type { StoreDoc } from './stores/model';
import { StoreRepository } from './stores/repository';
import { storeRoutes } from './stores/routes';
import { queueRoutes } from './queue/routes';
import { ReportDays } from './reports/report-days';
import { reportRoutes } from './reports/routes';
import { franchiseRoutes } from './franchise/routes';
import type { SheetDoc } from './sheets/model';
import { SheetRepository } from './sheets/repository';
import { sheetRoutes } from './sheets/routes';
import type { TurnDayDoc } from './turns/model';
import { TurnRepository } from './turns/repository';
import { turnRoutes } from './turns/routes';
import { schedulingEnv } from './config';

/** The records scheduling's routes act on, as its loaders return them (the router checks their store). */
declare module '@turnbook/service-kit' {
  interface RecordTypes {
    storeByPermalink: StoreDoc & { storeId: number };
    service: ServiceDoc;
    staff: EmployeeDoc;
    appointment: AppointmentDoc;
    log: LogDoc;
    turn: TurnDayDoc;
    sheet: SheetDoc;
    invitation: InvitationRecord;
  }
}

/**
 * Scheduling: stores, services catalogue, staff, days off (and, with the calendar issue, appointments).
 * It owns stores and staff, so it is the source of `store.membership_changed` and writes its own
 * membership read model directly. The one place where its parts are wired.
 */
export interface SchedulingOptions {
  /** Accounts of guests booking online; identity's internal call unless given. */
  accounts?: VisitorAccountDeps['identity'];
  /** Customers' store and phone; customers' internal call unless given. */
  customers?: CustomersClient;
}

export const createSchedulingService = (opts: SchedulingOptions = {}): ServiceDefinition<typeof schedulingEnv> => ({
  name: 'scheduling',
  env: schedulingEnv,
  async build({ db, bus, config, log, memberships }) {
    // Stamp changes heard by every instance, so availability can skip its stamp reads (docs/decisions.md).
    const stampChanges = new StampChangeBroadcast(bus.connection, { subject: `stamps.scheduling.${db.name.replace(/[^A-Za-z0-9_-]/g, '_')}`, log });
    stampChanges.start();
    // Every write of a store, its staff or services touches the store's config stamp (store-config/).
    const configStamps = new ConfigStamps(db, stampChanges);
    const stores = new StoreRepository(db, bus, configStamps);
    const membershipMarks = new MembershipMarks(db);
    const staff = new StaffRepository(db, bus, configStamps, membershipMarks);
    const services = new ServiceRepository(db, configStamps);
    const cardPolicies = new CardPolicyCopies(db, configStamps);
    const configs = new StoreConfigs(configStamps, { stores, staff, services, cardPolicies });
    const answers = new DayAnswerCache();
    const zoneOf = async (storeId: number) => (await stores.byId(storeId))?.timezone || 'America/New_York';
    const people = new StaffPeople(staff);
    const appointments = new AppointmentRepository(db, bus, zoneOf, people, stampChanges);
    const logs = new LogRepository(db, bus);
    const invitations = new InvitationsRepository(db, bus);
    const pinFailures = new PinFailureRepository(db);
    const limiter = new ExactWindowLimiter(db, config.GUEST_WINDOW_SECONDS, 'guest_tickets');
    // Reads are limited approximately, from memory, requests exactly (docs/decisions.md).
    const readLimiter = new SyncedWindowCounts(db, config.PUBLIC_READ_WINDOW_SECONDS, 'public_read_counts', { log });
    const customerCopies = new CustomerCopyRepository(db);
    const sheets = new SheetRepository(db, bus);
    const turns = new TurnRepository(db, bus);
    const reportDays = new ReportDays(db, appointments.days);
    await Promise.all([
      sheets.model.init(), turns.init(),
      stores.model.init(), stores.permalinks.init(), staff.model.init(), membershipMarks.model.init(), services.model.init(), appointments.model.init(),
      appointments.claims.prepare(), configStamps.model.init(), logs.model.init(), invitations.init(), pinFailures.init(), limiter.init(), readLimiter.init(), customerCopies.init(), cardPolicies.model.init(), reportDays.init(),
    ]);
    // Staff and store PINs are kept as argon2 hashes (cheap ones in tests, like identity's passwords).
    const pins = createHasher(hashCostFor(config));
    const pinLimits = { perAddress: config.STORE_PIN_PER_ADDRESS, perStore: config.STORE_PIN_PER_STORE, windowSeconds: config.STORE_PIN_WINDOW_SECONDS };
    const identity = identityClient(config.IDENTITY_URL, config.INTERNAL_TOKEN);
    const customers = opts.customers ?? customersClient(config.CUSTOMERS_URL, config.INTERNAL_TOKEN);
    const accounts = opts.accounts ?? identity;
    const guestLimits = {
      book: { perAddress: config.GUEST_BOOKING_PER_ADDRESS, perPhone: config.GUEST_BOOKING_PER_PHONE, perStore: config.GUEST_BOOKING_PER_STORE },
      log: { perAddress: config.GUEST_LOG_PER_ADDRESS, perPhone: config.GUEST_LOG_PER_PHONE, perStore: config.GUEST_LOG_PER_STORE },
    };
    const membership = new MembershipPublisher({ stores, staff, marks: membershipMarks, bus, memberships, log });
    await membership.start(config.MEMBERSHIP_SWEEP_MS);
    readLimiter.start();

    return {
      handlers: limitPublicReads({
        ...storeRoutes({ stores, staff, identity, membership, bus, pins }),
        ...serviceRoutes({ services, stores }),
        ...staffRoutes({ stores, staff, identity, membership, bus, invitations, publicUrl: config.PUBLIC_URL, staffAddsPerHour: config.STAFF_ADDS_PER_HOUR, pins }),
        ...staffInvitationRoutes({ stores, staff, membership, bus, invitations }),
        ...dayOffRoutes({ appointments }),
        ...customerAppointmentRoutes({ stores, staff, appointments }),
        ...appointmentRoutes({ stores, staff, services, appointments, logs, customerCopies, customers, bus, configs, answers }),
        ...availabilityRoutes({ configs, appointments, customerCopies, availabilityAnswers: new AvailabilityAnswers() }),
        ...onlineRequestRoutes({ stores, staff, services, appointments, logs, bus, identity: accounts, customers, customerCopies, configs, limiter, guestLimits }),
        ...logRoutes({ logs, appointments, configs, identity: accounts, limiter, guestLimits }),
        ...storePinRoutes({ stores, failures: pinFailures, limits: pinLimits, pins }),
        ...sheetRoutes({ stores, staff, services, appointments, sheets, turns, bus, logs, customerCopies, customers }),
        ...turnRoutes({ stores, staff, services, appointments, turns, bus }),
        ...queueRoutes({ stores, staff, appointments, sheets }),
        ...reportRoutes({ configs, reportDays }),
        ...franchiseRoutes({ configs, reportDays, stores, identity, membership }),
        ...requestNoticeRoutes({ appointments, stores, staff }),
        ...storeMembershipRoutes(memberships),
      }, readLimiter, config.PUBLIC_READS_PER_ADDRESS),
      consumers: {
        'scheduling-user-updated': (env) => applyUserUpdated({ staff, bus }, env),
        'scheduling-customer-created': (env) => applyCustomerUpdated({ appointments, customerCopies }, env.data),
        'scheduling-customer-updated': (env) => applyCustomerUpdated({ appointments, customerCopies }, env.data),
        'scheduling-customer-merged': (env) => applyCustomerMerged({ appointments, customerCopies }, env.data),
        'scheduling-sms-sent': (env) => appendTextNote({ appointments, bus }, env.data),
        'scheduling-no-show-charged': (env) => logNoShowCharge({ logs }, env.data),
        'scheduling-card-policy-config': (env) => cardPolicies.apply(env),
      },
      loaders: {
        // Old permalinks resolve to their store too; a store that is not live is not found.
        // A segment no permalink could be (e.g. '..') is not found without a lookup.
        storeByPermalink: async (raw) => {
          const permalink = raw.trim().normalize('NFKC').toLowerCase();
          if (!couldBePermalink(permalink)) return null;
          const store = await stores.byPermalink(permalink);
          return store && store.status === 'ON' ? { ...store, storeId: store._id } : null;
        },
        service: (id) => services.byId(id),
        staff: (id) => staff.byId(id),
        appointment: (id) => appointments.byId(id),
        log: (id) => logs.byId(id),
        turn: (id) => turns.dayById(id),
        sheet: (id) => sheets.byId(id),
        invitation: (id) => loadInvitation({ invitations, identity }, id),
      },
      early: dayPrefetch(appointments.days, configs),
      ownsMemberships: true,
      // The router checks access on the same stamped copy of the store and staff the answers are shaped from.
      access: configs,
      onStop: async () => {
        stampChanges.stop();
        membership.stop();
        await readLimiter.stop().catch((err: unknown) => log.warn({ err }, 'last read counts not shared'));
      },
    };
  },
});

export const schedulingService = createSchedulingService();
