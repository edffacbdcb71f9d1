import { z } from 'zod';
import * as a from '../schemas/appointments';
import { SuccessResponse } from '../schemas/common';
import type { RouteSchemas } from './types';

const Removed = SuccessResponse.extend({ success: z.literal(true) });

/**
 * Request and response schemas of the calendar's appointment calls (staff side), keyed like the route table.
 * POST, PATCH and DELETE appointment are in ./scheduling (one entry per route).
 */
export const APPOINTMENTS_API = {
  'GET getAppointmentsById/{id}': { params: a.AppointmentIdParams, response: a.AppointmentByIdResponse },
  'GET getAppointmentsByStoreId/{storeId}': { params: a.StoreIdParams, response: a.AppointmentListResponse },
  'GET getAppointmentsByStoreIdAndEmployeeId/{storeId}/{staffId}/{date}': { params: a.StoreStaffDateParams, response: a.StaffDayResponse },
  'GET getAppointmentsByStoreIdAndType/{type}/{storeId}/{value}/{date}': { params: a.AppointmentsByTypeParams, response: a.KioskLookupResponse },
  /** The requests the bell counts: PENDING, MODIFYING and REQUEST CANCEL, soonest first. */
  'GET getAppointmentsOnlineByStoreId/{storeId}': { params: a.StoreIdParams, response: a.AppointmentListResponse },
  'GET removeAppointment/{id}': { params: a.AppointmentIdParams, response: Removed },
  'GET cancelAppointment/{id}': { params: a.AppointmentIdParams, response: a.AppointmentWriteResponse },
  'GET approveAppointment/{id}/{phone}': { params: a.ApproveParams, query: a.ApproveQuery, response: a.AppointmentWriteResponse },
  'POST suggestAppointmentTime/{id}': { params: a.AppointmentIdParams, body: a.SuggestTimeBody, response: a.AppointmentWriteResponse },
  'POST appointments/group': { body: a.GroupBookingBody, response: a.GroupBookingResponse, status: 201 },
  'POST migrateAppointments': { body: a.MigrateAppointmentsBody, response: a.MigrateAppointmentsResponse },
} as const satisfies Record<string, RouteSchemas>;
