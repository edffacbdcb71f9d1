import type { Handlers } from '@turnbook/service-kit';
import { bookOnlineRequest, type BookOnlineRequestDeps } from './book-online-request';
import { appointmentOfCustomer, appointmentsOfPhone, cancelOnlineRequest, updateOnlineRequest, type CustomerRequestsDeps } from './customer-requests';
import { suggestNewTime, type SuggestTimeDeps } from './suggest-new-time';

export function onlineRequestRoutes(deps: BookOnlineRequestDeps & SuggestTimeDeps & CustomerRequestsDeps): Handlers {
  return {
    'POST suggestAppointmentTime/{id}': ({ record, caller, body }) => suggestNewTime(deps, record, caller?.userId ?? 0, body),
    'POST public_bookAppointmentOnline': ({ body, caller, ip }) => bookOnlineRequest(deps, { body, caller, ip }),
    // The route table lets only signed-in users through ('customer'); each call reaches only the caller's own.
    'GET public_getAppointmentsByCustomerPhoneNumber/{phone}': ({ params, caller }) => appointmentsOfPhone(deps, caller!, params.phone),
    'GET public_getAppointmentById/{id}': ({ params, caller }) => appointmentOfCustomer(deps, caller!, params.id),
    'POST public_updateAppointmentOnline': ({ body, caller }) => updateOnlineRequest(deps, caller!, body),
    'GET cancelOnlineAppointment/{id}': ({ params, caller }) => cancelOnlineRequest(deps, caller!, params.id),
  };
}
