import type { Handlers } from '@turnbook/service-kit';
import { bookOnlineRequest, type BookOnlineRequestDeps } from './book-online-request';
import { appointmentOfCustomer, appointmentsOfPhone, cancelOnlineRequest, updateOnlineRequest, type CustomerRequestsDeps } from './customer-requests';
import { requestAppointment, type RequestAppointmentDeps } from './request-appointment';
import { suggestNewTime, type SuggestTimeDeps } from './suggest-new-time';

export function onlineRequestRoutes(deps: BookOnlineRequestDeps & RequestAppointmentDeps & SuggestTimeDeps & CustomerRequestsDeps): Handlers {
  return {
    'POST suggestAppointmentTime/{id}': ({ record, caller, body }) => suggestNewTime(deps, record, caller?.userId ?? 0, body),
    'POST public_bookAppointmentOnline': ({ body, caller, ip }) => bookOnlineRequest(deps, { body, caller, ip }),
    'POST public_requestAppointment': ({ body, caller, ip }) => requestAppointment(deps, { body, caller, ip }),
    // The route table lets only signed-in users through ('customer'); each call reaches only the caller's own
    // (the list by the caller's account and verified phone; one appointment by the route's policy).
    'GET public_getAppointmentsByCustomerPhoneNumber/{phone}': ({ params, caller }) => appointmentsOfPhone(deps, caller!, params.phone),
    'GET public_getAppointmentById/{id}': ({ record }) => appointmentOfCustomer(deps, record),
    'POST public_updateAppointmentOnline': ({ record, body }) => updateOnlineRequest(deps, record, body),
    'GET cancelOnlineAppointment/{id}': ({ record }) => cancelOnlineRequest(deps, record),
  };
}
