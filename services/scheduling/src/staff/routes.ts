import {
  IdParams,
  OnlineBookingBody,
  PinChangeBody,
  RoleBody,
  ScheduleBody,
  SortIndexBody,
  StaffAddBody,
  StaffsByUserParams,
  StoreIdParams,
} from '@turnbook/contracts/schemas/scheduling';
import { handler, type ServiceParts } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import { addStaff } from './add-staff';
import { archivedStaffOfStore, publicStaffOfStore, staffById, staffOfStore, staffOfUserInStore } from './find-staff';
import {
  archiveEmployee,
  changePin,
  restoreEmployee,
  setOnlineBooking,
  setRole,
  setSchedule,
  setStaffSortIndex,
} from './update-staff';

export function staffRoutes(deps: Deps): ServiceParts['handlers'] {
  return {
    'POST staff': handler({
      body: StaffAddBody,
      handle: async (ctx) => {
        ctx.status(201);
        return addStaff(deps, ctx.body);
      },
    }),
    'GET getStaffsByStoreId/{storeId}': handler({ params: StoreIdParams, handle: (ctx) => staffOfStore(deps, ctx.params.storeId) }),
    'GET getStaffsByUserId/{userId}/{storeId}': handler({
      params: StaffsByUserParams,
      handle: (ctx) => staffOfUserInStore(deps, ctx.params.userId, ctx.params.storeId),
    }),
    'GET getStaffsByEmployeeId/{id}': handler({ params: IdParams, handle: (ctx) => staffById(deps, ctx, ctx.params.id) }),
    'GET getStaffsArchiveByStoreId/{storeId}': handler({
      params: StoreIdParams,
      handle: (ctx) => archivedStaffOfStore(deps, ctx.params.storeId),
    }),
    'GET public_getStaffsByStoreId/{storeId}': handler({ params: StoreIdParams, handle: (ctx) => publicStaffOfStore(deps, ctx.params.storeId) }),
    'POST updateEmployeeSortIndex/{id}': handler({
      params: IdParams,
      body: SortIndexBody,
      handle: (ctx) => setStaffSortIndex(deps, ctx, ctx.params.id, ctx.body.sortIndex),
    }),
    'GET restoreEmployee/{id}': handler({ params: IdParams, handle: (ctx) => restoreEmployee(deps, ctx, ctx.params.id) }),
    'GET removeEmployee/{id}': handler({ params: IdParams, handle: (ctx) => archiveEmployee(deps, ctx, ctx.params.id) }),
    'POST updateEmployeeRole/{id}': handler({
      params: IdParams,
      body: RoleBody,
      handle: (ctx) => setRole(deps, ctx, ctx.params.id, ctx.body.role),
    }),
    'POST updateEmployeeOnlineBooking/{id}': handler({
      params: IdParams,
      body: OnlineBookingBody,
      handle: (ctx) => setOnlineBooking(deps, ctx, ctx.params.id, ctx.body.online_booking),
    }),
    'POST updateEmployeePIN/{id}': handler({
      params: IdParams,
      body: PinChangeBody,
      handle: (ctx) => changePin(deps, ctx, ctx.params.id, ctx.body),
    }),
    'POST updateEmployeeSchedule/{id}': handler({
      params: IdParams,
      body: ScheduleBody,
      handle: (ctx) => setSchedule(deps, ctx, ctx.params.id, ctx.body.dayOff),
    }),
  };
}
