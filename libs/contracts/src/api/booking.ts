import * as a from '../schemas/appointments';
import type { RouteSchemas } from './types';

/**
 * Request and response schemas of the online booking calls (the public booking page, a customer's
 * /appointments) and the availability engine's call, keyed like the route table.
 */
export const BOOKING_API = {
  'GET availability/{storeId}/{date}': { params: a.StoreDateParams, query: a.AvailabilityQuery, response: a.AvailabilityResponse },
  'GET availabilityDays/{storeId}/{date}': { params: a.StoreDateParams, query: a.AvailabilityDaysQuery, response: a.AvailabilityDaysResponse },
  'GET staffAvailability/{storeId}/{date}': { params: a.StoreDateParams, query: a.StaffAvailabilityQuery, response: a.AvailabilityResponse },
  'GET public_getAppointmentsByStoreIdAndDate/{storeId}/{date}': { params: a.StoreDateParams, response: a.PublicDayResponse },
  'POST public_bookAppointmentOnline': { body: a.OnlineBookingBody, response: a.CustomerAppointmentResponse, status: 201 },
  'POST public_requestAppointment': { body: a.RequestAppointmentBody, response: a.RequestAppointmentResponse, status: 201 },
  'GET public_getAppointmentsByCustomerPhoneNumber/{phone}': { params: a.PhoneParams, response: a.CustomerStoresResponse },
  'GET public_getAppointmentById/{id}': { params: a.AppointmentIdParams, response: a.CustomerAppointmentsResponse },
  'POST public_updateAppointmentOnline': { body: a.OnlineUpdateBody, response: a.CustomerAppointmentResponse },
  'GET cancelOnlineAppointment/{id}': { params: a.AppointmentIdParams, response: a.CustomerAppointmentResponse },
} as const satisfies Record<string, RouteSchemas>;
