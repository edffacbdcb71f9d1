import type { Handlers } from '@turnbook/service-kit';
import { bookOnlineRequest, type BookOnlineRequestDeps } from './book-online-request';
import { suggestNewTime, type SuggestTimeDeps } from './suggest-new-time';

export function onlineRequestRoutes(deps: BookOnlineRequestDeps & SuggestTimeDeps): Handlers {
  return {
    'POST suggestAppointmentTime/{id}': ({ record, caller, body }) => suggestNewTime(deps, record, caller?.userId ?? 0, body),
    'POST public_bookAppointmentOnline': ({ body, caller, ip }) => bookOnlineRequest(deps, { body, caller, ip }),
  };
}
