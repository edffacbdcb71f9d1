import { isDayOffRecord, type StoreAccess } from '@turnbook/domain';
import type { Handlers } from '@turnbook/service-kit';
import { addDayOff, type AddDayOffDeps } from '../days-off/add-day-off';
import { changeDayOff, type ChangeDayOffDeps } from '../days-off/change-day-off';
import { bookAppointment } from './book-appointment';
import { bookGroup, type BookGroupDeps } from './book-group';
import { approveAppointment, cancelAppointment, changeAppointment, removeAppointment, type ChangeAppointmentDeps } from './change-appointment';
import { dayOfStore, type DayOfStoreDeps } from './day-of-store';
import { kioskLookup, type KioskLookupDeps } from './kiosk-lookup';
import { migrateAppointments, type MigrateAppointmentsDeps } from './migrate-appointments';
import { myDayAcrossStores, type MyDayDeps } from './my-day';
import { publicDay } from './public-day';
import { appointmentById, onlineRequests, seenAnswer, staffDay, upcomingOfStore, type ReadAppointmentsDeps } from './read-appointments';

export type AppointmentRoutesDeps = BookGroupDeps & ChangeAppointmentDeps & ReadAppointmentsDeps & DayOfStoreDeps & KioskLookupDeps & AddDayOffDeps & ChangeDayOffDeps & MigrateAppointmentsDeps & MyDayDeps;

/**
 * The calendar's appointment calls. Days off are appointment records too (customer 0, services '0'): the
 * same calls carry them to the days-off use cases. Who may do what is the route table's.
 */
export function appointmentRoutes(deps: AppointmentRoutesDeps): Handlers {
  const by = (caller: { userId?: number } | undefined) => caller?.userId ?? 0;
  // The router always hands a store-scoped route the caller's access.
  const reader = (record: { storeId: number }, access: StoreAccess | undefined, caller: { userId?: number } | undefined) => ({ storeId: record.storeId, access: access!, callerUserId: caller?.userId });
  return {
    'POST appointment': ({ caller, body, access }) =>
      isDayOffRecord(body) ? addDayOff(deps, by(caller), body) : bookAppointment(deps, by(caller), body, { signInDevice: access?.isKiosk === true || access?.isStoreLogin === true }),
    'POST appointments/group': ({ caller, body, access }) => bookGroup(deps, by(caller), body, { signInDevice: access?.isKiosk === true || access?.isStoreLogin === true }),
    'PATCH appointment/{id}': async ({ record, caller, body, access }) =>
      isDayOffRecord(record) ? changeDayOff(deps, record, by(caller), body) : seenAnswer(deps, reader(record, access, caller), await changeAppointment(deps, record, by(caller), body)),
    'DELETE appointment/{id}': ({ record, caller }) => removeAppointment(deps, record, by(caller)),
    'GET removeAppointment/{id}': ({ record, caller }) => removeAppointment(deps, record, by(caller)),
    'GET cancelAppointment/{id}': async ({ record, caller, access }) => seenAnswer(deps, reader(record, access, caller), await cancelAppointment(deps, record, by(caller))),
    'POST migrateAppointments': ({ caller, body }) => migrateAppointments(deps, by(caller), body),
    'GET approveAppointment/{id}/{phone}': async ({ record, caller, query, access }) =>
      seenAnswer(deps, reader(record, access, caller), await approveAppointment(deps, record, by(caller), query.overlaps === 'accept')),
    'GET getAppointmentsById/{id}': ({ record, access, caller }) => appointmentById(deps, { storeId: record.storeId, access: access!, callerUserId: caller?.userId }, record),
    'GET getAppointmentsByStoreId/{storeId}': ({ params, access, caller }) => upcomingOfStore(deps, { storeId: params.storeId, access: access!, callerUserId: caller?.userId }),
    'GET getAppointmentsByStoreIdAndEmployeeId/{storeId}/{staffId}/{date}': ({ params, access, caller }) =>
      staffDay(deps, { storeId: params.storeId, staffId: params.staffId, date: params.date, access: access!, callerUserId: caller?.userId }),
    'GET getAppointmentsOnlineByStoreId/{storeId}': ({ params, access, caller }) => onlineRequests(deps, { storeId: params.storeId, access: access!, callerUserId: caller?.userId }),
    'GET getAppointmentsByStoreIdAndDate/{storeId}/{date}': ({ params, access, caller, receivedAt }) =>
      dayOfStore(deps, { storeId: params.storeId, date: params.date, access: access!, callerUserId: caller?.userId, since: receivedAt }),
    'GET myDayAcrossStores/{storeId}/{date}': ({ params, caller }) => myDayAcrossStores(deps, caller?.userId, params.date),
    'GET getAppointmentsByStoreIdAndType/{type}/{storeId}/{value}/{date}': ({ params }) => kioskLookup(deps, params),
    'GET public_getAppointmentsByStoreIdAndDate/{storeId}/{date}': ({ params }) => publicDay(deps, params.storeId, params.date),
  };
}
