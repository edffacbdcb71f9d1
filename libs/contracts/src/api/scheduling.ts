import { z } from 'zod';
import { AppointmentWriteResponse } from '../schemas/appointments';
import { NoBody, SuccessResponse } from '../schemas/common';
import {
  AppointmentCreateBody,
  AppointmentPatchBody,
  AppointmentsResponse,
  DayAppointmentsResponse,
  EmployeeResponse,
  EmployeesResponse,
  EmployeeView,
  IdParams,
  InvitationIdParams,
  InvitationResponse,
  OnlineBookingBody,
  PermalinkParams,
  PinChangeBody,
  VerifyStorePinBody,
  PtoResponse,
  PublicEmployeeView,
  PublicStoreView,
  RoleBody,
  ScheduleBody,
  ServiceCreateBody,
  ServicePatchBody,
  ServiceResponse,
  ServicesResponse,
  SortIndexBody,
  StaffAddBody,
  StaffInvitedResponse,
  StaffsByUserParams,
  StoreCreateBody,
  StoreCustomerParams,
  StoreDateParams,
  MyDayAcrossStoresResponse,
  StoreIdParams,
  StoreInvitationsResponse,
  StorePatchBody,
  StoreResponse,
  StoresResponse,
  UserIdParams,
} from '../schemas/scheduling';
import { SCHEDULING_MESSAGES } from '../errors/scheduling';
import type { RouteSchemas } from './types';

/**
 * POST staff answers the spec's texts when it adds nobody ('employee existed', 'has account'), with status
 * 409 and the error code in the `x-error-code` header; otherwise 201 { employee }.
 */
export const StaffAddResponse = z.union([
  EmployeeResponse,
  StaffInvitedResponse,
  z.literal(SCHEDULING_MESSAGES.employeeExisted),
  z.literal(SCHEDULING_MESSAGES.hasAccount),
]);

const Success = SuccessResponse.extend({ success: z.literal(true) });
const PublicStoresResponse = z.object({ stores: z.array(PublicStoreView) });
/** The kiosk tablet's web app manifest (its app at /kiosk/{permalink} installed full screen, named for the store). */
const KioskManifestResponse = z.object({
  id: z.string(), name: z.string(), short_name: z.string(), start_url: z.string(), scope: z.string(),
  display: z.literal('fullscreen'), orientation: z.string(), background_color: z.string(), theme_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() })),
});
const PublicEmployeesResponse = z.object({ employees: z.array(PublicEmployeeView) });

/** Request and response schemas of the scheduling routes, keyed like the route table. */
export const SCHEDULING_API = {
  // stores
  'POST store': { body: StoreCreateBody, response: StoreResponse, status: 201 },
  'PATCH store/{id}': { params: IdParams, body: StorePatchBody, response: StoreResponse },
  'GET removeStore/{id}': { params: IdParams, response: Success },
  'GET getStoreByOwnerId/{userId}': { params: UserIdParams, response: StoresResponse },
  'GET getStoreByUserId/{userId}': { params: UserIdParams, response: StoresResponse },
  'GET getStoreByPermalink/{permalink}': { params: PermalinkParams, response: StoresResponse },
  'GET public_getStoreByPermalink/{permalink}': { params: PermalinkParams, response: PublicStoresResponse },
  'GET public_getKioskManifest/{permalink}': { params: PermalinkParams, response: KioskManifestResponse },
  'GET getAllStores': { response: StoresResponse },

  // services
  'GET service/{id}': { params: IdParams, response: ServiceResponse },
  'POST service': { body: ServiceCreateBody, response: ServiceResponse, status: 201 },
  'PATCH service/{id}': { params: IdParams, body: ServicePatchBody, response: ServiceResponse },
  'DELETE service/{id}': { params: IdParams, response: Success },
  'POST updateServiceSortIndex/{id}': { params: IdParams, body: SortIndexBody, response: ServiceResponse },
  'GET getServicesByStoreId/{storeId}': { params: StoreIdParams, response: ServicesResponse },
  'GET getExternalServicesByStoreId/{storeId}': { params: StoreIdParams, response: ServicesResponse },
  'GET public_getExternalServicesByStoreId/{storeId}': { params: StoreIdParams, response: ServicesResponse },

  // staff
  'POST staff': { body: StaffAddBody, response: StaffAddResponse, status: 201 },
  'GET getStaffsByStoreId/{storeId}': { params: StoreIdParams, response: EmployeesResponse },
  'GET getStaffsByUserId/{userId}/{storeId}': { params: StaffsByUserParams, response: EmployeesResponse },
  'GET getStaffsByEmployeeId/{id}': { params: IdParams, response: z.object({ employees: z.array(EmployeeView) }) },
  'GET getStaffsArchiveByStoreId/{storeId}': { params: StoreIdParams, response: EmployeesResponse },
  'GET public_getStaffsByStoreId/{storeId}': { params: StoreIdParams, response: PublicEmployeesResponse },
  'POST updateEmployeeSortIndex/{id}': { params: IdParams, body: SortIndexBody, response: EmployeeResponse },
  'GET restoreEmployee/{id}': { params: IdParams, response: EmployeeResponse },
  'GET removeEmployee/{id}': { params: IdParams, response: EmployeeResponse },
  'POST updateEmployeeRole/{id}': { params: IdParams, body: RoleBody, response: EmployeeResponse },
  'POST updateEmployeeOnlineBooking/{id}': { params: IdParams, body: OnlineBookingBody, response: EmployeeResponse },
  'POST updateEmployeePIN/{id}': { params: IdParams, body: PinChangeBody, response: Success },
  'POST updateEmployeeSchedule/{id}': { params: IdParams, body: ScheduleBody, response: EmployeeResponse },

  // appointments and days off (appointment records with customerId 0 and serviceIds '0'); `overlaps` names
  // what a staff booking or move put it over
  'POST appointment': { body: AppointmentCreateBody, response: AppointmentWriteResponse, status: 201 },
  'PATCH appointment/{id}': { params: IdParams, body: AppointmentPatchBody, response: AppointmentWriteResponse },
  'DELETE appointment/{id}': { params: IdParams, response: Success },
  'GET getPTOByEmployeeId/{id}': { params: IdParams, response: PtoResponse },

  // a customer's appointments (customer details page)
  'GET getAppointmentsByStoreIdAndDate/{storeId}/{date}': { params: StoreDateParams, response: DayAppointmentsResponse },
  'GET getAppointmentsByStoreIdAndCustomerId/{storeId}/{customerId}': { params: StoreCustomerParams, response: AppointmentsResponse },
  'GET myDayAcrossStores/{storeId}/{date}': { params: StoreDateParams, response: MyDayAcrossStoresResponse },

  // leaving kiosk mode
  'POST verifyStorePIN': { body: VerifyStorePinBody, response: Success },
  // staff invitations (POST staff's Yes path mails one; the person accepts while signed in)
  'GET staff-invitations/{storeId}': { params: StoreIdParams, response: StoreInvitationsResponse },
  'GET staff-invitation/{id}': { params: InvitationIdParams, response: InvitationResponse },
  'POST staff-invitation/{id}/accept': { params: InvitationIdParams, body: NoBody, response: EmployeeResponse },
} as const satisfies Record<string, RouteSchemas>;
