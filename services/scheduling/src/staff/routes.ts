import { ERROR_CODE_HEADER, MESSAGES } from '@turnbook/contracts';
import type { StoreAccess } from '@turnbook/domain';
import { reply, type Handlers } from '@turnbook/service-kit';
import { addStaff, type AddStaffDeps } from './add-staff';
import {
  archiveEmployee,
  restoreEmployee,
  setOnlineBooking,
  setRole,
  setSchedule,
  setStaffSortIndex,
  type ChangeEmployeeDeps,
} from './change-employee';
import { changePin, type ChangePinDeps } from './change-pin';
import { archivedStaffOfStore, publicStaffOfStore, staffOfStore, staffOfUserInStore, type FindStaffDeps } from './find-staff';
import { employeeViewFor, type StaffReader } from './view';

export type StaffRoutesDeps = AddStaffDeps & ChangeEmployeeDeps & ChangePinDeps & FindStaffDeps;

// The router always hands a store-scoped route the caller's access.
const readerOf = (access: StoreAccess | undefined, caller: { userId?: number } | undefined): StaffReader => ({ access: access!, callerUserId: caller?.userId });

export function staffRoutes(deps: StaffRoutesDeps): Handlers {
  return {
    'POST staff': async ({ body, caller, ip }) => {
      const result = await addStaff(deps, body, caller?.userId != null ? `user:${caller.userId}` : `ip:${ip}`);
      if (!('refused' in result)) return reply(result, 201);
      // The spec's client reads the text; our screens read the code.
      return reply(MESSAGES[result.refused], 409, { [ERROR_CODE_HEADER]: result.refused });
    },
    'GET getStaffsByStoreId/{storeId}': ({ params, access, caller }) => staffOfStore(deps, readerOf(access, caller), params.storeId),
    'GET getStaffsByUserId/{userId}/{storeId}': ({ params, access, caller }) => staffOfUserInStore(deps, readerOf(access, caller), params.userId, params.storeId),
    'GET getStaffsByEmployeeId/{id}': async ({ record, access, caller }) => ({ employees: [employeeViewFor(readerOf(access, caller), record)] }),
    'GET getStaffsArchiveByStoreId/{storeId}': ({ params }) => archivedStaffOfStore(deps, params.storeId),
    'GET public_getStaffsByStoreId/{storeId}': ({ params }) => publicStaffOfStore(deps, params.storeId),
    'POST updateEmployeeSortIndex/{id}': ({ record, body }) => setStaffSortIndex(deps, record, body.sortIndex),
    'GET restoreEmployee/{id}': ({ record }) => restoreEmployee(deps, record),
    'GET removeEmployee/{id}': ({ record }) => archiveEmployee(deps, record),
    'POST updateEmployeeRole/{id}': ({ record, body }) => setRole(deps, record, body.role),
    'POST updateEmployeeOnlineBooking/{id}': ({ record, body }) => setOnlineBooking(deps, record, body.online_booking),
    'POST updateEmployeePIN/{id}': ({ record, body }) => changePin(deps, record, body),
    'POST updateEmployeeSchedule/{id}': ({ record, body }) => setSchedule(deps, record, body.dayOff),
  };
}
